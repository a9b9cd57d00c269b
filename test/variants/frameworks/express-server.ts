import { timingSafeEqual } from 'node:crypto'
import express, { type ErrorRequestHandler, type RequestHandler, type Response } from 'express'
import Joi from 'joi'
import { listenOnLoopback } from './listen-on-loopback.ts'
import type { RunningServer } from './running-server.ts'

const statuses = ['available', 'pending', 'sold']

// Joi's defaults: an empty name and unknown fields are refused; pets without a status are available.
// `strict()` keeps Joi from turning the string "1" into a category id.
const newPetSchema = Joi.object({
  name: Joi.string().required(),
  categoryId: Joi.number().integer().strict().required(),
  status: Joi.string()
    .valid(...statuses)
    .default('available'),
}).required()

const listQuerySchema = Joi.object({
  limit: Joi.number().integer().min(1).max(100).default(20),
  status: Joi.string().valid(...statuses),
}).unknown()

const messageSchema = Joi.object({ message: Joi.string().required() }).required()

interface Pet {
  id: number
  name: string
  categoryId: number
  status: string
}

function sendError(res: Response, status: number, code: string, message: string): void {
  res.status(status).json({ code, message, status })
}

function requireBearer(apiKey: string): RequestHandler {
  const expected = Buffer.from(`Bearer ${apiKey}`)
  return (req, res, next) => {
    const given = Buffer.from(req.get('authorization') ?? '')
    if (given.length === expected.length && timingSafeEqual(given, expected)) return next()
    res.set('WWW-Authenticate', 'Bearer')
    sendError(res, 401, 'unauthorized', 'A valid bearer API key is required.')
  }
}

const handleErrors: ErrorRequestHandler = (error, _req, res, _next) => {
  const status = typeof error.status === 'number' && error.status < 500 ? error.status : 500
  sendError(res, status, error.type ?? 'internal_error', status < 500 ? error.message : 'Something went wrong.')
}

/**
 * The pet store in Express 5, as a team would write it: Joi validation, any body read as JSON
 * (`express.json({ type: '*\/*' })`), ids parsed with `Number()`, numbered from 1.
 * @example const { baseUrl, close } = await expressServer('secret')
 */
export async function expressServer(apiKey: string): Promise<RunningServer> {
  const pets = new Map<number, Pet>()
  let nextPetId = 1
  let nextMessageId = 1

  const v1 = express.Router()
  v1.get('/pets', (req, res) => {
    const { error, value } = listQuerySchema.validate(req.query)
    if (error) return sendError(res, 400, 'invalid_query', error.message)
    const matching = [...pets.values()].filter((pet) => !value.status || pet.status === value.status)
    res.json(matching.slice(0, value.limit))
  })
  v1.post('/pets', (req, res) => {
    const { error, value } = newPetSchema.validate(req.body)
    if (error) return sendError(res, 400, 'invalid_body', error.message)
    const pet: Pet = { id: nextPetId++, ...value }
    pets.set(pet.id, pet)
    res.status(201).json(pet)
  })
  v1.get('/pets/:petId', (req, res) => {
    res.set({ Deprecation: 'true', Sunset: 'Thu, 05 Dec 2030 00:00:00 GMT' })
    const id = Number(req.params.petId)
    if (Number.isNaN(id)) return sendError(res, 400, 'invalid_id', 'petId must be a number.')
    const pet = pets.get(id)
    if (!pet) return sendError(res, 404, 'not_found', `No pet with id ${id}.`)
    res.json(pet)
  })

  const app = express()
  app.disable('x-powered-by')
  app.use(requireBearer(apiKey))
  app.use(express.json({ type: '*/*' }))
  app.use('/v1', v1)
  app.post('/messages', (req, res) => {
    const { error, value } = messageSchema.validate(req.body)
    if (error) return sendError(res, 400, 'invalid_body', error.message)
    const id = `msg_${nextMessageId++}`
    res.status(202).json({ id, message: value.message, status: 'queued', createdAt: new Date().toISOString() })
  })
  app.use((_req, res) => sendError(res, 404, 'not_found', 'No such route.'))
  app.use(handleErrors)

  const { origin, close } = await listenOnLoopback(app)
  return { baseUrl: `${origin}/v1`, messagesBaseUrl: origin, close }
}

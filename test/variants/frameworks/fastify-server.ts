import { randomUUID } from 'node:crypto'
import { Ajv } from 'ajv'
import Fastify, { type FastifyReply } from 'fastify'
import type { RunningServer } from './running-server.ts'

const petStatus = { type: 'string', enum: ['available', 'pending', 'sold'] } as const
const petSchema = {
  type: 'object',
  required: ['id', 'name', 'categoryId'],
  properties: { id: { type: 'integer' }, name: { type: 'string' }, categoryId: { type: 'integer' }, status: petStatus },
} as const
// Fields it does not know are dropped by Ajv (`removeAdditional`), not refused. JSON.parse rounds an integer
// beyond 2^53, so a category id outside the safe range is refused rather than stored changed.
const newPetSchema = {
  type: 'object',
  required: ['name', 'categoryId'],
  additionalProperties: false,
  properties: {
    name: { type: 'string' },
    categoryId: { type: 'integer', minimum: Number.MIN_SAFE_INTEGER, maximum: Number.MAX_SAFE_INTEGER },
    status: petStatus,
  },
} as const

// Fastify's Ajv options, with its type coercion kept for the query and path (text by nature) and left off
// for bodies, where it would turn "1" into a category id and null into an empty name.
const coercing = new Ajv({ coerceTypes: 'array', useDefaults: true, removeAdditional: true })
const exact = new Ajv({ useDefaults: true, removeAdditional: true })

interface NewPet {
  name: string
  categoryId: number
  status?: string
}
type Pet = NewPet & { id: number }

function sendError(reply: FastifyReply, status: number, code: string, message: string): FastifyReply {
  return reply.code(status).send({ code, message, status })
}

/**
 * The pet store in Fastify 5, as a team would write it: JSON schemas checked by Ajv with Fastify's options,
 * its own content-type parsers (415 for a body it has no parser for), no deprecation headers, ids from 10^10.
 * @example const { baseUrl, close } = await fastifyServer('secret')
 */
export async function fastifyServer(apiKey: string): Promise<RunningServer> {
  const pets = new Map<number, Pet>()
  let nextPetId = 10_000_000_001
  const app = Fastify()
  app.setValidatorCompiler(({ schema, httpPart }) => (httpPart === 'body' ? exact : coercing).compile(schema))

  app.addHook('onRequest', async (request, reply) => {
    if (request.headers.authorization !== `Bearer ${apiKey}`)
      return sendError(reply.header('www-authenticate', 'Bearer'), 401, 'unauthorized', 'Missing or invalid API key.')
  })
  app.setErrorHandler((error: { statusCode?: number; code?: string; message: string }, _request, reply) => {
    const status = error.statusCode && error.statusCode < 500 ? error.statusCode : 500
    return sendError(reply, status, error.code ?? 'internal_error', status < 500 ? error.message : 'Internal error.')
  })
  app.setNotFoundHandler((request, reply) => sendError(reply, 404, 'route_not_found', `No route ${request.url}.`))

  await app.register(
    async (v1) => {
      v1.get<{ Querystring: { limit: number; status?: string } }>(
        '/pets',
        {
          schema: {
            querystring: {
              type: 'object',
              properties: { limit: { type: 'integer', minimum: 1, maximum: 100, default: 20 }, status: petStatus },
            },
            response: { 200: { type: 'array', items: petSchema } },
          },
        },
        async ({ query }) =>
          [...pets.values()].filter((pet) => !query.status || pet.status === query.status).slice(0, query.limit),
      )
      v1.post<{ Body: NewPet }>(
        '/pets',
        { schema: { body: newPetSchema, response: { 201: petSchema } } },
        async (request, reply) => {
          const pet: Pet = { id: nextPetId++, ...request.body }
          pets.set(pet.id, pet)
          return reply.code(201).send(pet)
        },
      )
      v1.get<{ Params: { petId: number } }>(
        '/pets/:petId',
        {
          schema: {
            params: { type: 'object', properties: { petId: { type: 'integer' } } },
            response: { 200: petSchema },
          },
        },
        async (request, reply) => {
          const pet = pets.get(request.params.petId)
          return pet ?? sendError(reply, 404, 'not_found', `Pet ${request.params.petId} not found.`)
        },
      )
    },
    { prefix: '/v1' },
  )
  app.post<{ Body: { message: string } }>(
    '/messages',
    {
      schema: {
        body: { type: 'object', required: ['message'], properties: { message: { type: 'string' } } },
      },
    },
    async (request, reply) =>
      reply.code(201).send({
        id: randomUUID(),
        message: request.body.message,
        status: 'queued',
        createdAt: new Date().toISOString(),
      }),
  )

  const origin = await app.listen({ host: '127.0.0.1', port: 0 })
  return { baseUrl: `${origin}/v1`, messagesBaseUrl: origin, close: () => app.close() }
}

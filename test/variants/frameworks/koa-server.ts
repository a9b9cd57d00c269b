import { timingSafeEqual } from 'node:crypto'
import { bodyParser } from '@koa/bodyparser'
import Router from '@koa/router'
import Koa from 'koa'
import { z } from 'zod'
import { listenOnLoopback } from './listen-on-loopback.ts'
import type { RunningServer } from './running-server.ts'

const petStatus = z.enum(['available', 'pending', 'sold'])
// A field it does not know is refused, not dropped; strings are stored exactly as sent.
const newPetSchema = z.strictObject({ name: z.string(), categoryId: z.int(), status: petStatus.optional() })
// A limit over 100 is clamped to 100 rather than refused.
const listQuerySchema = z.object({
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .default(20)
    .transform((limit) => Math.min(limit, 100)),
  status: petStatus.optional(),
})
const petIdSchema = z.string().regex(/^-?\d+$/, 'petId must be an integer')
const messageSchema = z.object({ message: z.string() })

type Pet = z.infer<typeof newPetSchema> & { id: number }

function isKey(header: string, apiKey: string): boolean {
  const given = Buffer.from(header)
  const expected = Buffer.from(`Bearer ${apiKey}`)
  return given.length === expected.length && timingSafeEqual(given, expected)
}

function parse<T>(ctx: Koa.Context, schema: z.ZodType<T>, value: unknown): T {
  const result = schema.safeParse(value)
  if (!result.success) ctx.throw(400, z.prettifyError(result.error), { code: 'validation_failed' })
  return result.data as T
}

/**
 * The pet store in Koa 3 with @koa/router and @koa/bodyparser, as a team would write it: zod, errors
 * thrown with `ctx.throw` and shaped by one middleware, ids numbered from 1000, messages answered 200.
 * @example const { baseUrl, close } = await koaServer('secret')
 */
export async function koaServer(apiKey: string): Promise<RunningServer> {
  const pets = new Map<number, Pet>()
  let nextPetId = 1000
  let nextMessageId = 1

  const router = new Router()
  router.get('/v1/pets', (ctx) => {
    const { limit, status } = parse(ctx, listQuerySchema, ctx.query)
    ctx.body = [...pets.values()].filter((pet) => !status || pet.status === status).slice(0, limit)
  })
  router.post('/v1/pets', (ctx) => {
    const pet: Pet = { id: nextPetId++, ...parse(ctx, newPetSchema, ctx.request.body) }
    pets.set(pet.id, pet)
    ctx.status = 201
    ctx.body = pet
  })
  router.get('/v1/pets/:petId', (ctx) => {
    ctx.set('Sunset', 'Thu, 05 Dec 2030 00:00:00 GMT')
    const pet = pets.get(Number(parse(ctx, petIdSchema, ctx.params.petId)))
    if (!pet) ctx.throw(404, 'Pet not found.', { code: 'not_found' })
    ctx.body = pet
  })
  router.post('/messages', (ctx) => {
    const { message } = parse(ctx, messageSchema, ctx.request.body)
    ctx.body = { id: String(nextMessageId++), message, status: 'accepted', createdAt: new Date().toISOString() }
  })

  const app = new Koa()
  app.use(async (ctx, next) => {
    try {
      await next()
      if (ctx.status === 404 && ctx.body === undefined) ctx.throw(404, 'No such route.', { code: 'route_not_found' })
    } catch (err) {
      const { status = 500, expose = false, code, message, headers } = err as Record<string, unknown>
      ctx.set((headers ?? {}) as Record<string, string>)
      ctx.status = status as number
      ctx.body = {
        code: typeof code === 'string' ? code : 'error',
        message: expose ? message : 'Internal error.',
        status,
      }
    }
  })
  app.use(async (ctx, next) => {
    if (!isKey(ctx.get('Authorization'), apiKey))
      ctx.throw(401, 'Missing or invalid API key.', {
        code: 'unauthorized',
        headers: { 'WWW-Authenticate': 'Bearer' },
      })
    await next()
  })
  app.use(bodyParser())
  app.use(router.routes())
  // Not `{ throw: true }`: @koa/router then throws its 405 without the Allow header RFC 9110 section 15.5.6 asks for.
  app.use(router.allowedMethods())

  const { origin, close } = await listenOnLoopback(app.callback())
  return { baseUrl: `${origin}/v1`, messagesBaseUrl: origin, close }
}

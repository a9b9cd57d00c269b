import { randomUUID } from 'node:crypto'
import { serve } from '@hono/node-server'
import { type Context, Hono } from 'hono'
import { bearerAuth } from 'hono/bearer-auth'
import { HTTPException } from 'hono/http-exception'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import { z } from 'zod'
import type { RunningServer } from './running-server.ts'

// Unknown fields are stripped (zod's default); no status is given to a pet created without one.
const newPetSchema = z.object({
  name: z.string(),
  categoryId: z.int(),
  status: z.enum(['available', 'pending', 'sold']).optional(),
})
// The status filter is a plain comparison: a status no pet has lists nothing.
const listQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(20),
  status: z.string().optional(),
})
const messageSchema = z.object({ message: z.string() })

type Pet = z.infer<typeof newPetSchema> & { id: number }

const error = (c: Context, status: ContentfulStatusCode, code: string, message: string) =>
  c.json({ code, message, status }, status)

/**
 * The pet store in Hono on @hono/node-server, as a team would write it: `bearerAuth`, zod, `c.req.json()`
 * (a JSON body whatever its Content-Type), numeric ids in the route pattern, messages under `/quickstart`.
 * @example const { baseUrl, close } = await honoServer('secret')
 */
export async function honoServer(apiKey: string): Promise<RunningServer> {
  const pets = new Map<number, Pet>()
  let nextPetId = 1
  const unauthorized = { code: 'unauthorized', message: 'Missing or invalid API key.', status: 401 }

  const app = new Hono()
  app.use(
    bearerAuth({
      token: apiKey,
      noAuthenticationHeader: { message: unauthorized },
      invalidToken: { message: unauthorized },
      // bearerAuth answers a header not in bearer form with 400 unless given a response of its own.
      invalidAuthenticationHeader: { message: (c: Context) => c.json(unauthorized, 401) },
    }),
  )
  app.get('/v1/pets', (c) => {
    const query = listQuerySchema.safeParse(c.req.query())
    if (!query.success) return error(c, 400, 'invalid_query', z.prettifyError(query.error))
    const { limit, status } = query.data
    return c.json([...pets.values()].filter((pet) => status === undefined || pet.status === status).slice(0, limit))
  })
  app.post('/v1/pets', async (c) => {
    const body = newPetSchema.safeParse(await c.req.json())
    if (!body.success) return error(c, 400, 'invalid_body', z.prettifyError(body.error))
    const pet: Pet = { id: nextPetId++, ...body.data }
    pets.set(pet.id, pet)
    return c.json(pet, 201)
  })
  app.get('/v1/pets/:petId{[0-9]+}', (c) => {
    c.header('Deprecation', '@1767225600')
    c.header('Sunset', 'Thu, 05 Dec 2030 00:00:00 GMT')
    const pet = pets.get(Number(c.req.param('petId')))
    return pet ? c.json(pet) : error(c, 404, 'not_found', 'Pet not found.')
  })
  app.post('/quickstart/messages', async (c) => {
    const body = messageSchema.safeParse(await c.req.json())
    if (!body.success) return error(c, 400, 'invalid_body', z.prettifyError(body.error))
    const message = { id: randomUUID(), message: body.data.message, status: 'queued' }
    return c.json({ ...message, createdAt: new Date().toISOString() }, 202)
  })
  app.notFound((c) => error(c, 404, 'not_found', 'No such route.'))
  app.onError((err, c) => {
    if (err instanceof HTTPException) return err.getResponse()
    if (err instanceof SyntaxError) return error(c, 400, 'invalid_json', 'The body is not valid JSON.')
    return error(c, 500, 'internal_error', 'Internal error.')
  })

  const { server, port } = await new Promise<{ server: ReturnType<typeof serve>; port: number }>((resolve) => {
    const server = serve({ fetch: app.fetch, hostname: '127.0.0.1', port: 0 }, (info) =>
      resolve({ server, port: info.port }),
    )
  })
  const origin = `http://127.0.0.1:${port}`
  return {
    baseUrl: `${origin}/v1`,
    messagesBaseUrl: `${origin}/quickstart`,
    close: () => new Promise<void>((resolve, reject) => server.close((err) => (err ? reject(err) : resolve()))),
  }
}

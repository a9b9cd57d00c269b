/**
 * Pet Store corpus server: Hono 4 (npm hono 4.13.19) on @hono/node-server 2.1.9, with Hono's bearerAuth and
 * validator middleware and json-bigint 1.0.0, in one file as Hono's guides write a JSON API.
 * Run in this folder: `node --import tsx server.ts` (PORT, PETSTORE_API_KEY); npm: hono, @hono/node-server,
 * json-bigint, tsx (root devDependencies). No signal handler: Node's default ends it at once on SIGTERM.
 *
 * Deployment shapes (test/corpus/deployment-shapes.ts), read from the environment: PETSTORE_APIS ("pets" or
 * "messages": the one API this process serves, for split origins; both when unset), PETSTORE_PATH_PREFIX (a path
 * before /v1 and /messages, e.g. /api), PETSTORE_TLS_CERT and PETSTORE_TLS_KEY (PEM files: HTTPS, through
 * @hono/node-server's createServer and serverOptions, as its README shows). The routes and handlers are the same in
 * every shape.
 *
 * Hono defaults kept:
 * - HEAD: Hono answers HEAD with the GET route and no body.
 * - OPTIONS, a method a path lacks (DELETE /v1/pets/1, GET /messages), an unknown path: Hono's 404 text/plain
 *   "404 Not Found", no 405, no Allow; behind bearerAuth on every path, so 401 without the key.
 * - An unknown method (FROBNICATE): Node's HTTP parser answers a bare 400 first.
 * - Trailing slash: routing is strict: /v1/pets/ and /v1/pets/1/ are the 404.
 * - c.req.query(): one value for a parameter given twice (the first); limit read with Number(), so " 1", "1.0",
 *   "1e1", "0x10" are forgiven within 1..100; petId read with Number(), so "abc" is a 404 and "1.0" pet 1.
 * - POST /messages through validator('json'): a body of another media type is read as {} (400 for the missing
 *   message), invalid JSON is Hono's HTTPException 400 "Malformed JSON in request body". No body size limit.
 * - bearerAuth: the scheme in any case, a token of its token68 characters compared in constant time.
 * - A pet created without status has none. POST /messages answers 202 (Hono's own default is 200 for anything).
 *
 * Changed from the defaults, and the interface sentence that asks for it:
 * - POST /v1/pets parses `await c.req.text()` with json-bigint (useNativeBigInt) instead of c.req.json()'s
 *   JSON.parse, and pets go out through JSONbig.stringify (c.json() throws on a BigInt): "categoryId | integer |
 *   int64 | yes". Like c.req.json(), it reads the body whatever its media type. json-bigint's own defaults are kept:
 *   it takes a leading zero and a raw control character, and refuses (400) a key holding "__proto__" or
 *   "constructor" and, with native BigInts, a non-integer number of more than 15 characters.
 * - bearerAuth answers a header not in Bearer form (Basic ..., "Bearer a b") with 400; its documented `message`
 *   option returns our 401 Error instead, for all three failures: "401 when the API key is absent or invalid or the
 *   Authorization header is not in bearer form" and "401 with an Error body when the key is missing or invalid."
 * - Checks written by hand, without coercion, and app.onError turning an HTTPException into {code, message,
 *   status}: "400 | Error (body missing required fields or containing invalid values)", "400 when the JSON is
 *   invalid or `message` is missing." and "All error bodies use the Error object (`code`, `message`, `status`)."
 *   Hono's 404 of unrouted requests keeps its own text.
 *
 * Deviations the suite reports under the ten proof seeds, each at most a deviation:
 * - json_body_syntax: createPet takes a leading zero and a raw control character (json-bigint): RFC 8259 section 9
 *   "A JSON parser MAY accept non-JSON forms or extensions.", and createPet promises 400 only for a body "missing
 *   required fields or containing invalid values". Both operations read bytes that are not UTF-8 as U+FFFD: RFC 8259
 *   section 8.1's MUST ("MUST be encoded using UTF-8") binds the sender of the text.
 * - unsupported_media_type_rejected, generated_invalid_create: a JSON pet labelled text/plain or form-encoded is
 *   taken as the JSON it is: the interface says only "Request and response bodies are `application/json`."
 * - generated_valid_create: an extra field holding a float of more than 15 characters or a key "__proto__" or
 *   "constructor" gets 400 (json-bigint): a field the schema does not name is an edge value a server may refuse.
 * - unsupported_method, error_body_conformance, json_content_type: the text/plain 404 for a method a path lacks and
 *   for OPTIONS, the parser's bare 400 for FROBNICATE: RFC 9110 section 9.1 "SHOULD respond with the 405" / "SHOULD
 *   respond with the 501" (SHOULD), and "error responses other than those listed: not shown".
 * - invalid_pet_id_rejected, generated_get_pet, generated_invalid_query, generated_request_forms: Number() petId and
 *   limit, the first of a repeated parameter: the interface names no answer for a malformed petId or query.
 * - deprecation_headers: no Deprecation or Sunset header: the interface says getPet "is to be removed on
 *   5 December 2030" and names no header.
 * - long_request_target: a request-target of 64 KiB gets node's 431 (past its 16 KiB of head) where RFC 9112
 *   section 3 asks 414 ("MUST respond with a 414"): node's HTTP parser refuses it before any app code runs, and
 *   nothing is acted on; a request-line of 8,000 octets is taken.
 * - body_framing_forms: node's parser reads the chunks of "Transfer-Encoding: x-unknown, chunked" and hands the
 *   content on (201), and a gzipped body still coded (400): RFC 9112 section 6.1 asks 501 for a coding a server
 *   does not understand with a SHOULD.
 */
import { randomUUID } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { createServer as createHttpsServer } from 'node:https'
import { serve } from '@hono/node-server'
import { type Context, Hono } from 'hono'
import { bearerAuth } from 'hono/bearer-auth'
import { HTTPException } from 'hono/http-exception'
import { validator } from 'hono/validator'
import JSONbig from 'json-bigint'

const apiKey = process.env.PETSTORE_API_KEY ?? ''
if (apiKey === '') throw new Error('Set PETSTORE_API_KEY.')
const port = Number(process.env.PORT ?? 3000)
const serves = (api: string) => (process.env.PETSTORE_APIS ?? 'pets,messages').split(',').includes(api)
const prefix = process.env.PETSTORE_PATH_PREFIX ?? ''
const { PETSTORE_TLS_CERT: certFile, PETSTORE_TLS_KEY: keyFile } = process.env

// json-bigint reads an integer of more than 15 digits as a BigInt, so an int64 is never rounded.
const JSONbigNative = JSONbig({ useNativeBigInt: true })
const int64 = { min: -(2n ** 63n), max: 2n ** 63n - 1n }
const petStatuses = ['available', 'pending', 'sold']

interface Pet {
  id: number
  name: string
  categoryId: bigint
  status?: string
}

const pets = new Map<number, Pet>()
let lastPetId = 0

const errorBody = (c: Context, status: 400 | 401 | 404, code: string, message: string) =>
  c.json({ code, message, status }, status)

// c.json() would throw on a BigInt: the pets go out through json-bigint.
const jsonBig = (c: Context, value: unknown, status: 200 | 201 = 200) =>
  c.body(JSONbigNative.stringify(value), status, { 'Content-Type': 'application/json' })

function categoryIdOf(value: unknown): bigint | undefined {
  if (typeof value === 'number' && Number.isSafeInteger(value)) return BigInt(value)
  if (typeof value === 'bigint' && value >= int64.min && value <= int64.max) return value
  return undefined
}

const app = new Hono()

// Hono's bearerAuth answers a header that is not `Bearer <token>` with 400; the interface says 401 for it too.
const unauthorized = (c: Context) => errorBody(c, 401, 'unauthorized', 'A valid API key is required.')
app.use(
  '*',
  bearerAuth({
    token: apiKey,
    noAuthenticationHeader: { message: unauthorized },
    invalidAuthenticationHeader: { message: unauthorized },
    invalidToken: { message: unauthorized },
  }),
)

const v1 = new Hono()

v1.get('/pets', (c) => {
  const { limit: limitText = '20', status } = c.req.query()
  const limit = Number(limitText)
  if (!Number.isInteger(limit) || limit < 1 || limit > 100)
    return errorBody(c, 400, 'invalid_limit', 'limit must be an integer from 1 to 100.')
  if (status !== undefined && !petStatuses.includes(status))
    return errorBody(c, 400, 'invalid_status', `status must be one of ${petStatuses.join(', ')}.`)
  const matching = [...pets.values()].filter((pet) => status === undefined || pet.status === status)
  return jsonBig(c, matching.slice(0, limit))
})

v1.post('/pets', async (c) => {
  let body: Record<string, unknown>
  try {
    body = JSONbigNative.parse(await c.req.text())
  } catch {
    return errorBody(c, 400, 'invalid_json', 'The request body is not valid JSON.')
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    return errorBody(c, 400, 'invalid_body', 'The body must be a JSON object.')
  const { name, status } = body
  if (typeof name !== 'string') return errorBody(c, 400, 'invalid_body', 'name must be a string.')
  const categoryId = categoryIdOf(body.categoryId)
  if (categoryId === undefined) return errorBody(c, 400, 'invalid_body', 'categoryId must be an int64 integer.')
  if (status !== undefined && (typeof status !== 'string' || !petStatuses.includes(status)))
    return errorBody(c, 400, 'invalid_body', `status must be one of ${petStatuses.join(', ')}.`)
  const pet: Pet = { id: ++lastPetId, name, categoryId, ...(status !== undefined && { status }) }
  pets.set(pet.id, pet)
  return jsonBig(c, pet, 201)
})

v1.get('/pets/:petId', (c) => {
  const pet = pets.get(Number(c.req.param('petId')))
  if (!pet) return errorBody(c, 404, 'not_found', `No pet has the id ${c.req.param('petId')}.`)
  return jsonBig(c, pet)
})

if (serves('pets')) app.route(`${prefix}/v1`, v1)

if (serves('messages'))
  app.post(
    `${prefix}/messages`,
    validator('json', (value, c) => {
      if (typeof value?.message !== 'string') return errorBody(c, 400, 'invalid_body', 'message must be a string.')
      return { message: value.message as string }
    }),
    (c) => {
      const { message } = c.req.valid('json')
      return c.json({ id: randomUUID(), message, status: 'queued', createdAt: new Date().toISOString() }, 202)
    },
  )

// Hono's HTTPExceptions as the interface's Error (the JSON validator's "Malformed JSON in request body"); one
// that carries its own response (bearerAuth's) is sent as it is, as Hono's own handler does.
app.onError((err, c) => {
  if (err instanceof HTTPException && err.res) return err.getResponse()
  if (err instanceof HTTPException && err.status < 500)
    return c.json({ code: 'bad_request', message: err.message, status: err.status }, err.status)
  console.error(err)
  return c.json({ code: 'internal_error', message: 'Internal Server Error', status: 500 }, 500)
})

const tls = certFile && keyFile && { cert: readFileSync(certFile), key: readFileSync(keyFile) }
const over = tls ? { createServer: createHttpsServer, serverOptions: tls } : {}
serve({ fetch: app.fetch, port, hostname: '127.0.0.1', ...over }, (info) =>
  console.log(`Pet Store (Hono) listening on 127.0.0.1:${info.port}`),
)

/**
 * Pet Store corpus server: Koa 3 (npm koa 3.3.0) with @koa/router 15.7.0, @koa/bodyparser 6.1.0 and json-bigint
 * 1.0.0, in one file as Koa's and @koa/router's guides write a JSON API: middleware, router.routes() and
 * router.allowedMethods(), an error-handling middleware first.
 * Run in this folder: `node --import tsx server.ts` (PORT, PETSTORE_API_KEY); npm: koa, @koa/router,
 * @koa/bodyparser, json-bigint, tsx (root devDependencies). No signal handler: Node's default ends it on SIGTERM.
 *
 * Deployment shapes (test/corpus/deployment-shapes.ts), read from the environment: PETSTORE_APIS ("pets" or
 * "messages": the one API this process serves, for split origins; both when unset), PETSTORE_PATH_PREFIX (a path
 * before /v1 and /messages, e.g. /api: the routers' prefixes), PETSTORE_TLS_CERT and PETSTORE_TLS_KEY (PEM files:
 * HTTPS, through https.createServer(options, app.callback()) as Koa's guide shows). The routes and handlers are the
 * same in every shape.
 *
 * Koa defaults kept:
 * - HEAD: @koa/router answers HEAD with the GET routes.
 * - OPTIONS: allowedMethods() answers 200 with Allow (HEAD, GET, POST) and no body; behind the key (401 without).
 * - A method a path lacks (DELETE /v1/pets/1, GET /messages): allowedMethods()'s 405 with Allow, text/plain
 *   "Method Not Allowed". An unknown method (FROBNICATE): Node's HTTP parser answers a bare 400 first.
 * - Trailing slash: @koa/router is not strict: /v1/pets/ and /v1/pets/1/ are served.
 * - Unknown path: the key first (401 Error), then Koa's 404 text/plain "Not Found".
 * - Bodies: bodyParser() defaults: JSON and form bodies, co-body's JSON.parse through bourne (objects and arrays
 *   only, "__proto__" refused with 400), 1 MB; bytes that are not UTF-8 read as U+FFFD.
 * - limit and petId read with Number(): " 1", "1.0", "1e1", "0x10" forgiven within 1..100; "abc" a 404, "1.0" pet 1.
 * - A pet created without status has none. POST /messages answers 201 (Koa's own default is 200 once a body is set).
 *
 * Changed from the defaults, and the interface sentence that asks for it:
 * - createPet reads the JSON text the body parser kept (ctx.request.rawBody) again with json-bigint
 *   (useNativeBigInt), so the body parser's strict JSON.parse still refuses what is not JSON and categoryId keeps
 *   every digit; pets go out through JSONbig.stringify (ctx.body = object would throw on a BigInt): "categoryId |
 *   integer | int64 | yes". json-bigint's key checks are set to "ignore": bourne already refused "__proto__".
 * - Checks written by hand, without coercion: "400 | Error (body missing required fields or containing invalid
 *   values)": name a string, categoryId a safe integer or an int64 BigInt ("5", 1.5, true and 2^63 refused).
 * - The key middleware (before the body parser; the scheme in any case, RFC 9110 section 11.1) and the error
 *   middleware answer {code, message, status}: "All error bodies use the Error object (`code`, `message`,
 *   `status`).", "401 with an Error body when the key is missing or invalid." and "400 when the JSON is invalid or
 *   `message` is missing." Koa's own 404 and 405 keep their text.
 * - WWW-Authenticate: Bearer on every 401: RFC 9110 section 11.6.1, "A server generating a 401 (Unauthorized)
 *   response MUST send a WWW-Authenticate header field containing at least one challenge." (an origin server's MUST:
 *   the suite's www_authenticate check found it missing here, a real breach, not a false alarm).
 *
 * Deviations the suite reports under the ten proof seeds, each at most a deviation:
 * - target_uri_validity: a request-target with an empty host (http:///v1/pets, https:///v1/pets) is served as its
 *   path: @koa/router routes by the path alone and never reads the authority. RFC 9110 section 4.2.1's MUST binds
 *   "a recipient that processes such a URI reference"; a 5xx, or a 2xx without the key, would be a violation.
 * - unsupported_method, error_body_conformance, json_content_type: the text/plain 405 for a method a path lacks and
 *   the parser's bare 400 for FROBNICATE: "error responses other than those listed: not shown", RFC 9110 section
 *   9.1 "SHOULD respond with the 501" (SHOULD).
 * - json_body_syntax: bytes that are not UTF-8 inside a string read as U+FFFD: RFC 8259 section 8.1's MUST ("MUST
 *   be encoded using UTF-8") binds the sender of the text.
 * - generated_valid_create: an extra field holding a key "__proto__" (bourne) or a float of more than 15 characters
 *   (json-bigint) gets 400: a field the schema does not name is an edge value a server may refuse cleanly.
 * - invalid_pet_id_rejected, generated_get_pet, generated_invalid_query: Number() petId and limit: the interface
 *   names no answer for a malformed petId or limit.
 * - message_queued: 201 where our spec chose 202; the interface names no status for POST /messages.
 * - deprecation_headers: no Deprecation or Sunset header: the interface says getPet "is to be removed on
 *   5 December 2030" and names no header.
 * - long_request_target: a request-target of 64 KiB gets node's 431 (past its 16 KiB of head) where RFC 9112
 *   section 3 asks 414 ("MUST respond with a 414"): node's HTTP parser refuses it before any app code runs, and
 *   nothing is acted on; a request-line of 8,000 octets is taken.
 * - body_framing_forms: node's parser reads the chunks of "Transfer-Encoding: x-unknown, chunked" and hands the
 *   content on (201), and a gzipped body still coded (400): RFC 9112 section 6.1 asks 501 for a coding a server
 *   does not understand with a SHOULD.
 */
import { randomUUID, timingSafeEqual } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { createServer as createHttpServer } from 'node:http'
import { createServer as createHttpsServer } from 'node:https'
import { bodyParser } from '@koa/bodyparser'
import { Router } from '@koa/router'
import JSONbig from 'json-bigint'
import Koa, { type Context } from 'koa'

const apiKey = process.env.PETSTORE_API_KEY ?? ''
if (apiKey === '') throw new Error('Set PETSTORE_API_KEY.')
const port = Number(process.env.PORT ?? 3000)
const serves = (api: string) => (process.env.PETSTORE_APIS ?? 'pets,messages').split(',').includes(api)
const prefix = process.env.PETSTORE_PATH_PREFIX ?? ''
const { PETSTORE_TLS_CERT: certFile, PETSTORE_TLS_KEY: keyFile } = process.env

// The body parser's JSON.parse refuses what is not JSON; json-bigint then reads the same text again for the
// int64 values JSON.parse would round. The first parse already refused "__proto__", so json-bigint keeps
// other keys (it would refuse any key holding "constructor").
const JSONbigNative = JSONbig({ useNativeBigInt: true, protoAction: 'ignore', constructorAction: 'ignore' })
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

function sendError(ctx: Context, status: number, code: string, message: string): void {
  ctx.status = status
  ctx.body = { code, message, status }
}

// ctx.body = object would use JSON.stringify, which throws on a BigInt.
function sendJsonBig(ctx: Context, value: unknown, status = 200): void {
  ctx.status = status
  ctx.type = 'application/json'
  ctx.body = JSONbigNative.stringify(value)
}

function categoryIdOf(value: unknown): bigint | undefined {
  if (typeof value === 'number' && Number.isSafeInteger(value)) return BigInt(value)
  if (typeof value === 'bigint' && value >= int64.min && value <= int64.max) return value
  return undefined
}

const app = new Koa()

// Koa's error-handling middleware: what a later middleware throws (the body parser's 400 for invalid JSON,
// 413 for a body over its limit) goes out as the interface's Error.
app.use(async (ctx, next) => {
  try {
    await next()
  } catch (err) {
    const error = err as { status?: number; expose?: boolean; message?: string }
    const status = error.status ?? 500
    const message = status < 500 ? `${error.message}` : 'Internal Server Error'
    sendError(ctx, status, status < 500 ? 'bad_request' : 'internal_error', message)
    if (status >= 500) ctx.app.emit('error', err, ctx)
  }
})

// Authorization: Bearer <key>, before the body is read; the scheme name is case-insensitive.
app.use(async (ctx, next) => {
  const given = Buffer.from(/^Bearer +(\S+)$/i.exec(ctx.get('Authorization'))?.[1] ?? '')
  const expected = Buffer.from(apiKey)
  if (given.length === expected.length && timingSafeEqual(given, expected)) return next()
  ctx.set('WWW-Authenticate', 'Bearer')
  sendError(ctx, 401, 'unauthorized', 'A valid API key is required.')
})

app.use(bodyParser())

const v1 = new Router({ prefix: `${prefix}/v1` })

v1.get('/pets', (ctx) => {
  const limit = ctx.query.limit === undefined ? 20 : Number(ctx.query.limit)
  if (!Number.isInteger(limit) || limit < 1 || limit > 100)
    return sendError(ctx, 400, 'invalid_limit', 'limit must be an integer from 1 to 100.')
  const { status } = ctx.query
  if (status !== undefined && (typeof status !== 'string' || !petStatuses.includes(status)))
    return sendError(ctx, 400, 'invalid_status', `status must be one of ${petStatuses.join(', ')}.`)
  const matching = [...pets.values()].filter((pet) => status === undefined || pet.status === status)
  sendJsonBig(ctx, matching.slice(0, limit))
})

v1.post('/pets', (ctx) => {
  let body = ctx.request.body as Record<string, unknown> | undefined
  try {
    if (ctx.request.is('json', '+json')) body = JSONbigNative.parse(ctx.request.rawBody ?? '')
  } catch {
    return sendError(ctx, 400, 'invalid_body', 'The body must be a JSON object.')
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    return sendError(ctx, 400, 'invalid_body', 'The body must be a JSON object.')
  const { name, status } = body
  if (typeof name !== 'string') return sendError(ctx, 400, 'invalid_body', 'name must be a string.')
  const categoryId = categoryIdOf(body.categoryId)
  if (categoryId === undefined) return sendError(ctx, 400, 'invalid_body', 'categoryId must be an int64 integer.')
  if (status !== undefined && (typeof status !== 'string' || !petStatuses.includes(status)))
    return sendError(ctx, 400, 'invalid_body', `status must be one of ${petStatuses.join(', ')}.`)
  const pet: Pet = { id: ++lastPetId, name, categoryId, ...(status !== undefined && { status }) }
  pets.set(pet.id, pet)
  sendJsonBig(ctx, pet, 201)
})

v1.get('/pets/:petId', (ctx) => {
  const pet = pets.get(Number(ctx.params.petId))
  if (!pet) return sendError(ctx, 404, 'not_found', `No pet has the id ${ctx.params.petId}.`)
  sendJsonBig(ctx, pet)
})

const messages = new Router({ prefix })

messages.post('/messages', (ctx) => {
  const body = ctx.request.body as { message?: unknown } | undefined
  if (typeof body?.message !== 'string') return sendError(ctx, 400, 'invalid_body', 'message must be a string.')
  ctx.status = 201
  ctx.body = { id: randomUUID(), message: body.message, status: 'queued', createdAt: new Date().toISOString() }
})

if (serves('pets')) app.use(v1.routes()).use(v1.allowedMethods())
if (serves('messages')) app.use(messages.routes()).use(messages.allowedMethods())

const server =
  certFile && keyFile
    ? createHttpsServer({ cert: readFileSync(certFile), key: readFileSync(keyFile) }, app.callback())
    : createHttpServer(app.callback())
server.listen(port, '127.0.0.1', () => console.log(`Pet Store (Koa) listening on 127.0.0.1:${port}`))

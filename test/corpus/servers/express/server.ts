/**
 * Pet Store corpus server: Express 5 (npm express 5.3.0) with json-bigint 1.0.0, in one file as the Express guide
 * writes a JSON API: an app, a Router mounted at /v1, middleware, an error-handling middleware last.
 * Run in this folder: `node --import tsx server.ts` (PORT, PETSTORE_API_KEY); npm: express, json-bigint, tsx (root
 * devDependencies). No signal handler: Node's default ends it at once on SIGTERM.
 *
 * Deployment shapes (test/corpus/deployment-shapes.ts), read from the environment: PETSTORE_APIS ("pets" or
 * "messages": the one API this process serves, for split origins; both when unset), PETSTORE_PATH_PREFIX (a path
 * before /v1 and /messages, e.g. /api), PETSTORE_TLS_CERT and PETSTORE_TLS_KEY (PEM files: HTTPS, through
 * https.createServer(options, app) as Express's docs show it). The routes and handlers are the same in every shape.
 *
 * Express defaults kept:
 * - HEAD: answered by the GET routes (Express runs GET's handler and sends no body).
 * - OPTIONS: Express's automatic 200 "GET, HEAD, POST" (text/plain) with Allow; behind the key, so 401 without it.
 * - A method a path lacks (DELETE /v1/pets/1, GET /messages): finalhandler's 404 HTML "Cannot DELETE ...", no
 *   Allow (Express has no 405). An unknown method (FROBNICATE): Node's HTTP parser answers a bare 400 first.
 * - Trailing slash and case: routing is neither strict nor case-sensitive, so /v1/pets/ and /v1/pets/1/ are served.
 * - Unknown path: the key is checked app-wide first (401 Error), then finalhandler's 404 HTML.
 * - POST /messages: express.json() (JSON.parse, objects and arrays only, 100 kB); invalid UTF-8 reads as U+FFFD.
 *   A body of another media type is not read: the handler's checks answer 400.
 * - A pet created without status has none. POST /messages answers 201 (Express's own default is 200 for anything).
 *
 * Changed from the defaults, and the interface sentence that asks for it:
 * - POST /v1/pets reads its body as text and parses it with json-bigint (useNativeBigInt), and pets go out through
 *   JSONbig.stringify: "categoryId | integer | int64 | yes" (JSON.parse rounds 9223372036854775807). json-bigint's
 *   own defaults are kept: it takes a leading zero and a raw control character, and refuses (400) a key holding
 *   "__proto__" or "constructor" and, with native BigInts, a non-integer number of more than 15 characters.
 *   POST /messages keeps express.json(): "400 when the JSON is invalid or `message` is missing."
 * - Checks written by hand, without coercion: "400 | Error (body missing required fields or containing invalid
 *   values)": name a string, categoryId a safe integer or an int64 BigInt ("5", 1.5, true and 2^63 refused).
 * - Error bodies {code, message, status} for 401 (app-wide middleware; the scheme in any case, RFC 9110 section
 *   11.1), the 400s, getPet's 404 and the body parsers' errors (400, 413): "All error bodies use the Error object
 *   (`code`, `message`, `status`)." and "401 with an Error body when the key is missing or invalid."
 * - WWW-Authenticate: Bearer on every 401: RFC 9110 section 11.6.1, "A server generating a 401 (Unauthorized)
 *   response MUST send a WWW-Authenticate header field containing at least one challenge." (an origin server's MUST:
 *   the suite's www_authenticate check found it missing here, a real breach, not a false alarm).
 *
 * Deviations the suite reports under the ten proof seeds, each at most a deviation:
 * - target_uri_validity: a request-target with an empty host (http:///v1/pets, https:///v1/pets) is served as its
 *   path: Express routes by the path alone and never reads the authority. RFC 9110 section 4.2.1's MUST binds "a
 *   recipient that processes such a URI reference"; a 5xx, or a 2xx without the key, would be a violation.
 * - json_body_syntax: createPet takes a leading zero and a raw control character (json-bigint): RFC 8259 section 9
 *   "A JSON parser MAY accept non-JSON forms or extensions.", and createPet promises 400 only for a body "missing
 *   required fields or containing invalid values". Both operations read bytes that are not UTF-8 as U+FFFD: RFC 8259
 *   section 8.1's MUST ("MUST be encoded using UTF-8") binds the sender of the text.
 * - generated_valid_create: a 977 KB body gets 413 (body-parser's 100 kB default): "Rate limits and request size
 *   limits: not shown."; a field the schema does not name holding a float written in more than 15 characters
 *   (json-bigint then calls BigInt("1.94e+91"), which throws) or a key "__proto__"/"constructor" gets 400: an edge
 *   value a server may refuse cleanly.
 * - unsupported_method, error_body_conformance, json_content_type: the 404 HTML for a method a path lacks, and the
 *   parser's bare 400 for FROBNICATE: RFC 9110 section 9.1 "SHOULD respond with the 501" / "SHOULD respond with the
 *   405" (SHOULD), and "error responses other than those listed: not shown".
 * - invalid_pet_id_rejected, generated_get_pet: Number(petId), so "abc" gets 404 and "1.0" pet 1: the interface
 *   names no answer for a petId that is not an integer.
 * - generated_invalid_query: Number(limit) forgives " 1", "1.0", "1e1", "0x10" (within 1..100): the interface
 *   names no answer for a malformed limit.
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
import express, { type ErrorRequestHandler, type RequestHandler, type Response } from 'express'
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

function sendError(res: Response, status: number, code: string, message: string): void {
  res.status(status).json({ code, message, status })
}

// Authorization: Bearer <key>; the scheme name is case-insensitive (RFC 9110 section 11.1).
const requireApiKey: RequestHandler = (req, res, next) => {
  const given = Buffer.from(/^Bearer +(\S+)$/i.exec(req.get('authorization') ?? '')?.[1] ?? '')
  const expected = Buffer.from(apiKey)
  if (given.length === expected.length && timingSafeEqual(given, expected)) return next()
  res.set('WWW-Authenticate', 'Bearer')
  sendError(res, 401, 'unauthorized', 'A valid API key is required: Authorization: Bearer <key>.')
}

// The body as text, then json-bigint: express.json() uses JSON.parse, which rounds an int64.
const parseJsonBig: RequestHandler = (req, res, next) => {
  if (typeof req.body !== 'string') return next()
  try {
    req.body = JSONbigNative.parse(req.body)
    next()
  } catch {
    sendError(res, 400, 'invalid_json', 'The request body is not valid JSON.')
  }
}

function categoryIdOf(value: unknown): bigint | undefined {
  if (typeof value === 'number' && Number.isSafeInteger(value)) return BigInt(value)
  if (typeof value === 'bigint' && value >= int64.min && value <= int64.max) return value
  return undefined
}

const v1 = express.Router()

v1.get('/pets', (req, res) => {
  const limit = req.query.limit === undefined ? 20 : Number(req.query.limit)
  if (!Number.isInteger(limit) || limit < 1 || limit > 100)
    return sendError(res, 400, 'invalid_limit', 'limit must be an integer from 1 to 100.')
  const { status } = req.query
  if (status !== undefined && !petStatuses.includes(status as string))
    return sendError(res, 400, 'invalid_status', `status must be one of ${petStatuses.join(', ')}.`)
  const matching = [...pets.values()].filter((pet) => status === undefined || pet.status === status)
  res.type('json').send(JSONbigNative.stringify(matching.slice(0, limit)))
})

v1.post('/pets', express.text({ type: 'application/json' }), parseJsonBig, (req, res) => {
  const body = req.body
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    return sendError(res, 400, 'invalid_body', 'The body must be a JSON object.')
  if (typeof body.name !== 'string') return sendError(res, 400, 'invalid_body', 'name must be a string.')
  const categoryId = categoryIdOf(body.categoryId)
  if (categoryId === undefined) return sendError(res, 400, 'invalid_body', 'categoryId must be an int64 integer.')
  if (body.status !== undefined && !petStatuses.includes(body.status))
    return sendError(res, 400, 'invalid_body', `status must be one of ${petStatuses.join(', ')}.`)
  const pet: Pet = { id: ++lastPetId, name: body.name, categoryId }
  if (body.status !== undefined) pet.status = body.status
  pets.set(pet.id, pet)
  res.status(201).type('json').send(JSONbigNative.stringify(pet))
})

v1.get('/pets/:petId', (req, res) => {
  const pet = pets.get(Number(req.params.petId))
  if (!pet) return sendError(res, 404, 'not_found', `No pet has the id ${req.params.petId}.`)
  res.type('json').send(JSONbigNative.stringify(pet))
})

const app = express()
app.use(requireApiKey)
if (serves('pets')) app.use(`${prefix}/v1`, v1)

if (serves('messages'))
  app.post(`${prefix}/messages`, express.json(), (req, res) => {
    const { message } = (req.body ?? {}) as { message?: unknown }
    if (typeof message !== 'string') return sendError(res, 400, 'invalid_body', 'message must be a string.')
    res.status(201).json({ id: randomUUID(), message, status: 'queued', createdAt: new Date() })
  })

// Errors of the body parsers (invalid JSON, too large, an unsupported charset) as an Error body.
const handleErrors: ErrorRequestHandler = (err, _req, res, _next) => {
  const status = Number.isInteger(err.status) && err.status >= 400 && err.status < 500 ? err.status : 500
  sendError(res, status, err.type ?? 'internal_error', status < 500 ? err.message : 'Internal Server Error')
}
app.use(handleErrors)

const server =
  certFile && keyFile
    ? createHttpsServer({ cert: readFileSync(certFile), key: readFileSync(keyFile) }, app)
    : createHttpServer(app)
server.listen(port, '127.0.0.1', () => console.log(`Pet Store (Express) listening on 127.0.0.1:${port}`))

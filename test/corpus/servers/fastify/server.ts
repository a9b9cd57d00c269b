/**
 * Pet Store corpus server: Fastify 5 (npm fastify 5.12.8) with route JSON schemas (Ajv 8, npm ajv 8.20.0) and
 * lossless-json 4.3.3, in one file as Fastify's "Validation and Serialization" and "ContentTypeParser" pages write it.
 * Run in this folder: `node --import tsx server.ts` (PORT, PETSTORE_API_KEY); npm: fastify, ajv, lossless-json, tsx
 * (root dependencies). No signal handler: Node's default ends it at once on SIGTERM.
 *
 * Deployment shapes (test/corpus/deployment-shapes.ts), read from the environment: PETSTORE_APIS ("pets" or
 * "messages": the one API this process serves, for split origins; both when unset), PETSTORE_PATH_PREFIX (a path
 * before /v1 and /messages, e.g. /api), PETSTORE_TLS_CERT and PETSTORE_TLS_KEY (PEM files: HTTPS, through Fastify's
 * `https` server option). The routes and handlers are the same in every shape.
 *
 * Fastify defaults kept:
 * - HEAD: exposeHeadRoutes (on by default) answers HEAD for every GET route.
 * - OPTIONS, a method a path lacks (DELETE /v1/pets/1, GET /messages), an unknown path: Fastify's 404
 *   {message: "Route DELETE:/v1/pets/1 not found", error, statusCode}, no 405, no Allow; behind the key (the
 *   onRequest hook runs for unrouted requests too), so 401 without it.
 * - An unknown method (FROBNICATE): Node's HTTP parser refuses it; Fastify answers 400 {error, message: "Client
 *   Error", statusCode}.
 * - Trailing slash: ignoreTrailingSlash is off: /v1/pets/ is /v1/pets/:petId with an empty id (400 from the params
 *   schema), /v1/pets/1/ is a 404.
 * - Query string and path: Fastify's Ajv options (coerceTypes "array", useDefaults, removeAdditional), so limit
 *   "1.0", "1e1", "0x10" or " 1" is coerced to a number within 1..100, and petId "1.0" reads pet 1.
 * - Bodies: 1 MiB bodyLimit; text/plain is read as a string (400 from the body schema), any other media type 415.
 * - Answers serialised from the response schemas (fast-json-stringify, which writes a BigInt as an integer).
 * - A pet created without status has none. POST /messages answers 202 (Fastify's own default is 200 for anything).
 *
 * Changed from the defaults, and the interface sentence that asks for it:
 * - The application/json parser is lossless-json with parseNumberAndBigInt (RFC 8259 grammar, an integer read as a
 *   BigInt) instead of secure-json-parse's JSON.parse, which rounds: "categoryId | integer | int64 | yes".
 * - The body gets an Ajv without coercion ("5" would become categoryId 5, 5 would become name "5") that knows an
 *   int64 keyword, by Fastify's documented per-httpPart validator compiler: "400 | Error (body missing required
 *   fields or containing invalid values)".
 * - The key, in an onRequest hook (before the body is read; the scheme in any case, RFC 9110 section 11.1), and an
 *   error handler answer {code, message, status}: "All error bodies use the Error object (`code`, `message`,
 *   `status`)." and "401 with an Error body when the key is missing or invalid." Fastify's 404 of unrouted requests
 *   keeps its own shape.
 * - WWW-Authenticate: Bearer on every 401: RFC 9110 section 11.6.1, "A server generating a 401 (Unauthorized)
 *   response MUST send a WWW-Authenticate header field containing at least one challenge." (an origin server's MUST:
 *   the suite's www_authenticate check found it missing here, a real breach, not a false alarm).
 *
 * Deviations the suite reports under the ten proof seeds, each at most a deviation:
 * - unsupported_method, error_body_conformance: Fastify's 404 without Allow for a method a path lacks and for
 *   OPTIONS, its own 400 body for FROBNICATE: RFC 9110 section 9.1 "SHOULD respond with the 405" / "SHOULD respond
 *   with the 501" (SHOULD), and "error responses other than those listed: not shown".
 * - unsupported_media_type_rejected: a form-encoded pet gets 415 where our spec chose 400; the interface says only
 *   "Request and response bodies are `application/json`." and lists no status for another media type.
 * - json_body_syntax: bytes that are not UTF-8 inside a string read as U+FFFD: RFC 8259 section 8.1's MUST ("MUST
 *   be encoded using UTF-8") binds the sender of the text.
 * - generated_get_pet, generated_invalid_query: Ajv's coercion reads petId "1.0" as 1 and forgives limit "1.0",
 *   "1e1", "0x10", " 1": the interface names no answer for a malformed petId or limit.
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
import { Ajv } from 'ajv'
import Fastify, { type FastifyError } from 'fastify'
import { parse, parseNumberAndBigInt } from 'lossless-json'

const apiKey = process.env.PETSTORE_API_KEY ?? ''
if (apiKey === '') throw new Error('Set PETSTORE_API_KEY.')
const port = Number(process.env.PORT ?? 3000)
const serves = (api: string) => (process.env.PETSTORE_APIS ?? 'pets,messages').split(',').includes(api)
const prefix = process.env.PETSTORE_PATH_PREFIX ?? ''
const { PETSTORE_TLS_CERT: certFile, PETSTORE_TLS_KEY: keyFile } = process.env
const tls = certFile && keyFile ? { cert: readFileSync(certFile), key: readFileSync(keyFile) } : null

const int64 = { min: -(2n ** 63n), max: 2n ** 63n - 1n }
const petStatuses = ['available', 'pending', 'sold']

interface Pet {
  id: number
  name: string
  categoryId: bigint | number
  status?: string
}
interface NewPet {
  name: string
  categoryId: bigint | number
  status?: string
}

const pets = new Map<number, Pet>()
let lastPetId = 0

// `https: null` is Fastify's plain HTTP server.
const fastify = Fastify({ https: tls })

// JSON bodies through lossless-json: an integer is read as a BigInt, never rounded as JSON.parse would.
fastify.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
  try {
    done(null, parse(body as string, null, parseNumberAndBigInt))
  } catch (error) {
    done(Object.assign(error as FastifyError, { statusCode: 400, code: 'invalid_json' }), undefined)
  }
})

// Fastify's Ajv coerces types ("5" would become categoryId 5): the body gets an Ajv that does not, and that
// knows an int64 (a BigInt in range, or a safe integer); the query string and the path keep the coercing one.
const bodyAjv = new Ajv({ coerceTypes: false, removeAdditional: true, useDefaults: true })
bodyAjv.addKeyword({
  keyword: 'int64',
  schemaType: 'boolean',
  errors: false,
  validate: (_schema: boolean, value: unknown) =>
    typeof value === 'bigint' ? value >= int64.min && value <= int64.max : Number.isSafeInteger(value),
})
const coercingAjv = new Ajv({ coerceTypes: 'array', removeAdditional: true, useDefaults: true })
fastify.setValidatorCompiler(({ schema, httpPart }) =>
  httpPart === 'body' ? bodyAjv.compile(schema) : coercingAjv.compile(schema),
)

// Authorization: Bearer <key>, checked before the body is read; the scheme name is case-insensitive.
fastify.addHook('onRequest', async (request, reply) => {
  const given = Buffer.from(/^Bearer +(\S+)$/i.exec(request.headers.authorization ?? '')?.[1] ?? '')
  const expected = Buffer.from(apiKey)
  if (given.length === expected.length && timingSafeEqual(given, expected)) return
  return reply
    .code(401)
    .header('www-authenticate', 'Bearer')
    .send({ code: 'unauthorized', message: 'A valid API key is required.', status: 401 })
})

// Every error of a route (validation, body parsing, a body too large) as the interface's Error.
fastify.setErrorHandler((error: FastifyError, _request, reply) => {
  const status = error.statusCode !== undefined && error.statusCode < 500 ? error.statusCode : 500
  reply.code(status).send({ code: error.code ?? 'error', message: error.message, status })
})

const petSchema = {
  type: 'object',
  required: ['id', 'name', 'categoryId'],
  properties: {
    id: { type: 'integer' },
    name: { type: 'string' },
    categoryId: { type: 'integer' },
    status: { type: 'string', enum: petStatuses },
  },
}

if (serves('pets')) {
  fastify.get<{ Querystring: { limit: number; status?: string } }>(
    `${prefix}/v1/pets`,
    {
      schema: {
        querystring: {
          type: 'object',
          properties: {
            limit: { type: 'integer', minimum: 1, maximum: 100, default: 20 },
            status: { type: 'string', enum: petStatuses },
          },
        },
        response: { 200: { type: 'array', items: petSchema } },
      },
    },
    async (request) => {
      const { limit, status } = request.query
      return [...pets.values()].filter((pet) => status === undefined || pet.status === status).slice(0, limit)
    },
  )

  fastify.post<{ Body: NewPet }>(
    `${prefix}/v1/pets`,
    {
      schema: {
        body: {
          type: 'object',
          required: ['name', 'categoryId'],
          properties: {
            name: { type: 'string' },
            categoryId: { int64: true },
            status: { type: 'string', enum: petStatuses },
          },
        },
        response: { 201: petSchema },
      },
    },
    async (request, reply) => {
      const { name, categoryId, status } = request.body
      const pet: Pet = { id: ++lastPetId, name, categoryId, ...(status !== undefined && { status }) }
      pets.set(pet.id, pet)
      return reply.code(201).send(pet)
    },
  )

  fastify.get<{ Params: { petId: number } }>(
    `${prefix}/v1/pets/:petId`,
    {
      schema: {
        params: { type: 'object', properties: { petId: { type: 'integer' } } },
        response: { 200: petSchema },
      },
    },
    async (request, reply) => {
      const pet = pets.get(request.params.petId)
      if (pet) return pet
      const message = `No pet has the id ${request.params.petId}.`
      return reply.code(404).send({ code: 'not_found', message, status: 404 })
    },
  )
}

if (serves('messages'))
  fastify.post<{ Body: { message: string } }>(
    `${prefix}/messages`,
    {
      schema: {
        body: { type: 'object', required: ['message'], properties: { message: { type: 'string' } } },
      },
    },
    async (request, reply) => {
      const message = { id: randomUUID(), message: request.body.message, status: 'queued' }
      return reply.code(202).send({ ...message, createdAt: new Date().toISOString() })
    },
  )

await fastify.listen({ port, host: '127.0.0.1' })
console.log(`Pet Store (Fastify) listening on 127.0.0.1:${port}`)

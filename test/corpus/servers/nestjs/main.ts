/**
 * Pet Store corpus server: NestJS 12 (npm @nestjs/core, @nestjs/common, @nestjs/platform-express 12.5.1 on
 * Express 5.3.0, reflect-metadata 0.2.2, rxjs 7.8.2) with Zod 4 schemas through Nest's StandardSchemaValidationPipe
 * and json-bigint 1.0.0, in Nest's minimal layout: main.ts, app.module.ts (the app-wide guard, filter and
 * interceptor), pets.controller.ts, pets.service.ts, messages.controller.ts.
 * Run in this folder: `node --import tsx main.ts` with TSX_TSCONFIG_PATH=tsconfig.json (PORT, PETSTORE_API_KEY).
 * This folder's tsconfig.json turns on experimentalDecorators for Nest's decorators; esbuild (tsx) emits no
 * design:paramtypes, so the service is injected with an explicit @Inject(PetsService), and the schemas ride on
 * @Body({ schema }) / @Query({ schema }), which need no reflection. The root tsconfig excludes this folder (tsc -p
 * here checks it) and biome.json parses parameter decorators here only. No signal handler (no
 * enableShutdownHooks): Node's default ends it at once on SIGTERM.
 *
 * Deployment shapes (test/corpus/deployment-shapes.ts), read from the environment: PETSTORE_APIS ("pets" or
 * "messages": the one API this process serves, for split origins, by the controllers AppModule lists; both when
 * unset), PETSTORE_PATH_PREFIX (a path before /v1 and /messages, e.g. /api: Nest's app.setGlobalPrefix()),
 * PETSTORE_TLS_CERT and PETSTORE_TLS_KEY (PEM files: HTTPS, through NestFactory.create's httpsOptions, as Nest's
 * HTTPS page shows). The routes and handlers are the same in every shape.
 *
 * Nest defaults kept:
 * - HEAD: Express answers HEAD with the GET routes (the guard runs).
 * - OPTIONS, a method a path lacks (DELETE /v1/pets/1, GET /messages), an unknown path: Nest's not-found handler,
 *   404 "Cannot DELETE /v1/pets/1", no 405, no Allow; no guard runs there, so also without the key.
 * - An unknown method (FROBNICATE): Node's HTTP parser answers a bare 400 first.
 * - Trailing slash: Express routing is not strict: /v1/pets/ and /v1/pets/1/ are served.
 * - petId through ParseIntPipe ("abc" and "1.0" get 400); limit through z.coerce.number() (" 1", "1e1", "0x10",
 *   "1.0" forgiven within 1..100).
 * - Body parsing runs before guards (express middleware), so a bad body without a key gets 400 before the 401;
 *   express.json()'s 100 kB limit (413); bytes that are not UTF-8 read as U+FFFD.
 * - POST answers 201 (Nest's default for POST), also POST /messages. A pet created without status has none.
 *
 * Changed from the defaults, and the interface sentence that asks for it:
 * - NestFactory.create(..., { bodyParser: false }): /v1 gets express.text() and json-bigint (useNativeBigInt), and an
 *   interceptor sends what a handler returns through JSONbig.stringify (res.json() throws on a BigInt):
 *   "categoryId | integer | int64 | yes". json-bigint's own defaults are kept: it takes a leading zero and a raw
 *   control character, and refuses (400) a key holding "__proto__" or "constructor" and, with native BigInts, a
 *   non-integer number of more than 15 characters. /messages keeps express.json(), Nest's own parser: "400 when the
 *   JSON is invalid or `message` is missing."
 * - The Zod schemas, without coercion for the body: "400 | Error (body missing required fields or containing invalid
 *   values)": categoryId a safe integer or an int64 BigInt ("5", 1.5, true and 2^63 refused).
 * - An app-wide guard (Nest's docs' AuthGuard, the scheme in any case per RFC 9110 section 11.1) and an app-wide
 *   exception filter answering {code, message, status}: "401 with an Error body when the key is missing or invalid."
 *   and "All error bodies use the Error object (`code`, `message`, `status`)." The filter is app-wide because the
 *   body parser's errors are raised outside any controller and reach only global filters, so Nest's not-found 404
 *   gets the Error shape too.
 * - WWW-Authenticate: Bearer on every 401: RFC 9110 section 11.6.1, "A server generating a 401 (Unauthorized)
 *   response MUST send a WWW-Authenticate header field containing at least one challenge." (an origin server's MUST:
 *   the suite's www_authenticate check found it missing here, a real breach, not a false alarm).
 *
 * Deviations the suite reports under the ten proof seeds, each at most a deviation:
 * - target_uri_validity: a request-target with an empty host (http:///v1/pets, https:///v1/pets) is served as its
 *   path: Nest (on Express) routes by the path alone and never reads the authority. RFC 9110 section 4.2.1's MUST
 *   binds "a recipient that processes such a URI reference"; a 5xx, or a 2xx without the key, would be a
 *   violation.
 * - json_body_syntax: createPet takes a leading zero and a raw control character (json-bigint): RFC 8259 section 9
 *   "A JSON parser MAY accept non-JSON forms or extensions.", and createPet promises 400 only for a body "missing
 *   required fields or containing invalid values". Both operations read bytes that are not UTF-8 as U+FFFD: RFC 8259
 *   section 8.1's MUST ("MUST be encoded using UTF-8") binds the sender of the text.
 * - generated_auth: a request without a valid key whose body is also invalid gets the body parser's 400: the
 *   interface names 401 and 400 without saying which comes first when both apply (never a 2xx).
 * - generated_valid_create: a 977 KB body gets 413 (100 kB limit): "Rate limits and request size limits: not
 *   shown."; an extra field holding a float of more than 15 characters or a key "__proto__"/"constructor" gets 400
 *   (json-bigint): a field the schema does not name is an edge value a server may refuse cleanly.
 * - unsupported_method: 404 for a method a path lacks, the parser's bare 400 for FROBNICATE: RFC 9110 section 9.1
 *   "SHOULD respond with the 405" / "SHOULD respond with the 501" (SHOULD).
 * - generated_invalid_query: z.coerce.number() forgives " 1", "1e1", "0x10", "1.0": the interface names no answer
 *   for a malformed limit.
 * - message_queued: 201 where our spec chose 202; the interface names no status for POST /messages.
 * - deprecation_headers: no Deprecation or Sunset header: the interface says getPet "is to be removed on
 *   5 December 2030" and names no header.
 * npm notes: @nestjs/common 12.5.1 depends on file-type 22.3.0, which declares node >= 22; only Nest's
 * FileTypeValidator loads it, and nothing here does, so it runs on Node 20.19 too.
 * - long_request_target: a request-target of 64 KiB gets node's 431 (past its 16 KiB of head) where RFC 9112
 *   section 3 asks 414 ("MUST respond with a 414"): node's HTTP parser refuses it before any app code runs, and
 *   nothing is acted on; a request-line of 8,000 octets is taken.
 * - body_framing_forms: node's parser reads the chunks of "Transfer-Encoding: x-unknown, chunked" and hands the
 *   content on (201), and a gzipped body still coded (400): RFC 9112 section 6.1 asks 501 for a coding a server
 *   does not understand with a SHOULD.
 */
import { readFileSync } from 'node:fs'
import { StandardSchemaValidationPipe } from '@nestjs/common'
import { NestFactory } from '@nestjs/core'
import type { NestExpressApplication } from '@nestjs/platform-express'
import express, { type RequestHandler } from 'express'
import JSONbig from 'json-bigint'
import { AppModule } from './app.module.ts'

if (!process.env.PETSTORE_API_KEY) throw new Error('Set PETSTORE_API_KEY.')
const port = Number(process.env.PORT ?? 3000)
const prefix = process.env.PETSTORE_PATH_PREFIX ?? ''
const { PETSTORE_TLS_CERT: certFile, PETSTORE_TLS_KEY: keyFile } = process.env
const httpsOptions = certFile && keyFile ? { cert: readFileSync(certFile), key: readFileSync(keyFile) } : undefined

// json-bigint reads an integer of more than 15 digits as a BigInt, so an int64 is never rounded.
const JSONbigNative = JSONbig({ useNativeBigInt: true })
const parseJsonBig: RequestHandler = (req, _res, next) => {
  if (typeof req.body !== 'string') return next()
  try {
    req.body = JSONbigNative.parse(req.body)
    next()
  } catch {
    next(Object.assign(new SyntaxError('The request body is not valid JSON.'), { status: 400 }))
  }
}

// Nest's own body parser is express.json() (JSON.parse, which rounds an int64): the pets get json-bigint,
// the messages (no int64 in them) keep express.json().
const app = await NestFactory.create<NestExpressApplication>(AppModule, { bodyParser: false, httpsOptions })
if (prefix) app.setGlobalPrefix(prefix)
app.use(`${prefix}/v1`, express.text({ type: 'application/json' }), parseJsonBig)
app.use(`${prefix}/messages`, express.json())
app.useGlobalPipes(new StandardSchemaValidationPipe())
await app.listen(port, '127.0.0.1')

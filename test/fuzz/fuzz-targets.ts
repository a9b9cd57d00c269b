import type fc from 'fast-check'
import { developmentApiKey } from '../../mocks/core/create-pet-store-core.ts'
import { createPetStoreMock } from '../../mocks/create-pet-store-mock.ts'
import { adminRequestArbitrary } from './admin-request-arbitrary.ts'
import { refusalExpected } from './caller-arbitrary.ts'
import type { FuzzAnswer } from './fuzz-answer.ts'
import type { FuzzRequest } from './fuzz-request.ts'
import { type RawRequest, rawRequestArbitrary } from './raw-request-arbitrary.ts'
import { requestArbitrary } from './request-arbitrary.ts'
import { sendRawHttp } from './send-raw-http.ts'
import { serializeRequest } from './serialize-request.ts'
import { startFuzzServer } from './start-fuzz-server.ts'

/** One way of reaching the mock, with the inputs it is fuzzed with. */
export interface FuzzTarget<Input> {
  name: string
  arbitrary: fc.Arbitrary<Input>
  /** Sends one input; undefined when this transport cannot express it (fetch refuses to build the request). */
  send(input: Input): Promise<{ method: string; answer: FuzzAnswer } | undefined>
  /** `GET /v1/pets?limit=1` with the key: after any hostile request it must still get 200. */
  sendValid(): Promise<FuzzAnswer>
  /** Restores the seeded model, so that every run starts from the same state and replays exactly. */
  reset(): Promise<void>
  close(): Promise<void>
}

/** Per-request limit for every target: a request still unanswered after it is a hang. */
export const answerTimeoutMs = 5_000

const origin = 'http://petstore.test'
const validRequest = (): Request =>
  new Request(`${origin}/v1/pets?limit=1`, { headers: { authorization: `Bearer ${developmentApiKey}` } })

/**
 * The in-process mock (msw `getResponse`): requests built with `Request`, so what fetch refuses
 * to build (CONNECT, a body on GET, a CR in a header) is skipped, not sent.
 * @example const target = await inProcessFuzzTarget()
 */
export async function inProcessFuzzTarget(): Promise<FuzzTarget<FuzzRequest>> {
  const mock = await createPetStoreMock({ seed: 1, pets: 50 })
  return {
    name: 'in-process',
    arbitrary: requestArbitrary,
    async send(request) {
      let built: Request
      try {
        built = toFetchRequest(request)
      } catch {
        return undefined
      }
      return { method: built.method, answer: await answerOf(() => mock.fetch(built), built.method) }
    },
    sendValid: () => answerOf(() => mock.fetch(validRequest()), 'GET'),
    reset: () => mock.reset(),
    close: async () => {},
  }
}

/**
 * The standalone node:http mock on a loopback port, each request written as bytes on a fresh
 * socket (target, headers and framing exactly as generated).
 * @example const target = await standaloneFuzzTarget()
 */
export async function standaloneFuzzTarget(): Promise<FuzzTarget<FuzzRequest>> {
  const { mock, model, port } = await startFuzzServer()
  return {
    name: 'standalone',
    arbitrary: requestArbitrary,
    send: async (request) => ({
      method: request.method,
      answer: await sendRawHttp(port, serializeRequest(request, 'petstore.test'), {
        head: request.method === 'HEAD',
        timeoutMs: answerTimeoutMs,
      }),
    }),
    sendValid: () => sendValid(port),
    reset: () => model.reset(),
    close: () => mock.close(),
  }
}

/**
 * The standalone mock under malformed HTTP/1.1 that no fetch can send: bad request lines, header
 * bytes and framing, oversized heads.
 * @example const target = await malformedHttpFuzzTarget()
 */
export async function malformedHttpFuzzTarget(): Promise<FuzzTarget<RawRequest>> {
  const { mock, model, port } = await startFuzzServer()
  return {
    name: 'standalone, malformed HTTP',
    arbitrary: rawRequestArbitrary,
    async send(request) {
      const method = request.bytes.toString('latin1', 0, 16).split(' ')[0] ?? ''
      return {
        method,
        answer: await sendRawHttp(port, request.bytes, { head: method === 'HEAD', timeoutMs: answerTimeoutMs }),
      }
    },
    sendValid: () => sendValid(port),
    reset: () => model.reset(),
    close: () => mock.close(),
  }
}

/**
 * The standalone mock's admin API (`/__mock`) and its controls on API requests (`Prefer`,
 * `X-Mock-Session`), over raw sockets, from callers of every kind (Host, Origin, proxy headers). Besides
 * the usual checks, a refused request (4xx) must change nothing: the rules and the pets are compared
 * before and after it; an admin request from another site's page, to another Host or through a proxy
 * must be a 403 with no CORS header; the API answers every Origin with CORS.
 * @example const target = await adminApiFuzzTarget()
 */
export async function adminApiFuzzTarget(): Promise<FuzzTarget<FuzzRequest>> {
  const { mock, port, baseUrl } = await startFuzzServer()
  const admin = `${new URL(baseUrl).origin}/__mock`
  const observe = async (): Promise<string> => {
    const [rules, state] = await Promise.all([
      fetch(`${admin}/rules`).then((response) => response.text()),
      fetch(`${admin}/state`).then((response) => response.text()),
    ])
    return `${rules}\n${state}`
  }
  return {
    name: 'admin API',
    arbitrary: adminRequestArbitrary,
    async send(request) {
      const before = await observe()
      const answer = await sendRawHttp(port, serializeRequest(request, '127.0.0.1'), {
        head: request.method === 'HEAD',
        timeoutMs: answerTimeoutMs,
      })
      const broken = (reason: string) => ({ method: request.method, answer: { kind: 'no-answer' as const, reason } })
      if (answer.kind !== 'response') return { method: request.method, answer }
      if (answer.status >= 400 && (await observe()) !== before)
        return broken(`the ${answer.status} answer changed the rules or the pets`)
      const allowOrigin = answer.headers['access-control-allow-origin']
      const origin = request.headers.find(([name]) => name === 'origin')?.[1]
      if (request.target.startsWith('/__mock')) {
        const refusal = refusalExpected(request)
        if (refusal && (answer.status !== 403 || allowOrigin !== undefined))
          return broken(`an admin request with ${refusal} got ${answer.status}, CORS ${allowOrigin ?? 'none'}`)
        if (allowOrigin !== undefined && allowOrigin !== origin)
          return broken(`an admin answer let ${allowOrigin} read it, for a request from ${origin ?? 'no origin'}`)
      } else if (origin !== undefined && allowOrigin !== '*') {
        return broken(`an API answer to Origin ${origin} had CORS ${allowOrigin ?? 'none'}`)
      }
      return { method: request.method, answer }
    },
    // A rule the request added (a 201) may answer the valid request: it is reset away first.
    sendValid: async () => {
      await fetch(`${admin}/reset`, { method: 'POST' })
      return sendValid(port)
    },
    reset: async () => void (await fetch(`${admin}/reset`, { method: 'POST' })),
    close: () => mock.close(),
  }
}

function sendValid(port: number): Promise<FuzzAnswer> {
  const bytes = Buffer.from(
    `GET /v1/pets?limit=1 HTTP/1.1\r\nhost: petstore.test\r\nauthorization: Bearer ${developmentApiKey}\r\n\r\n`,
  )
  return sendRawHttp(port, bytes, { timeoutMs: answerTimeoutMs })
}

function toFetchRequest({ method, target, headers, body, framing }: FuzzRequest): Request {
  const fetchHeaders = new Headers()
  for (const [name, value] of headers) fetchHeaders.append(name, value)
  const init: RequestInit & { duplex?: 'half' } = { method, headers: fetchHeaders }
  if (body && framing === 'chunked') {
    // A stream has no length: the mock must stop reading at the cap by counting, not by Content-Length.
    init.body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let offset = 0; offset < body.bytes.byteLength; offset += 65_536)
          controller.enqueue(body.bytes.slice(offset, offset + 65_536))
        controller.close()
      },
    })
    init.duplex = 'half'
  } else if (body) {
    init.body = new Uint8Array(body.bytes)
  }
  // Concatenated, not resolved with new URL(target, origin): a target such as //v1/pets must stay a path.
  return new Request(`${origin}${target}`, init)
}

/** The in-process answer, or why there is none: a rejected fetch, or no whole answer within `answerTimeoutMs`. */
async function answerOf(fetchAnswer: () => Promise<Response>, method: string): Promise<FuzzAnswer> {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<FuzzAnswer>((resolve) => {
    timer = setTimeout(
      () =>
        resolve({
          kind: 'no-answer',
          reason: `the in-process fetch gave no whole answer within ${answerTimeoutMs} ms`,
        }),
      answerTimeoutMs,
    )
  })
  const answer = (async (): Promise<FuzzAnswer> => {
    try {
      const response = await fetchAnswer()
      const body = method === 'HEAD' ? '' : await response.text()
      return { kind: 'response', status: response.status, headers: Object.fromEntries(response.headers), body }
    } catch (error) {
      return {
        kind: 'no-answer',
        reason:
          `the in-process fetch threw ` +
          `${error instanceof Error ? `${error.name}: ${error.message}` : String(error)}`,
      }
    }
  })()
  try {
    return await Promise.race([answer, timeout])
  } finally {
    clearTimeout(timer)
  }
}

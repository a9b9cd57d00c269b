import { brotliDecompressSync, constants, gunzipSync, inflateRawSync, inflateSync, type ZlibOptions } from 'node:zlib'
import { applyResponseChecks } from '../contract-tests/checks/apply-response-checks.ts'
import { storedBodyCharacters } from '../contract-tests/client/contract-client.ts'
import { readResponse } from '../contract-tests/client/read-response.ts'
import { detachedSlice } from '../contract-tests/shared/detached-text.ts'
import type { Exchange, ExchangeRequest, ExchangeResponse } from '../contract-tests/shared/exchange.ts'
import type { OperationSpec } from '../spec/operations.ts'

/** The contract client's bounds, which the proxy judges every answer within. */
export const clientBounds = { maxBodyBytes: 5_000_000, maxJsonDepth: 128, timeoutMs: 30_000 }

/** One answer the proxy forwarded, as the deployment sent it. */
export interface ForwardedAnswer {
  status: number
  rawHeaders: ReadonlyArray<string>
  /** The body's bytes as sent (still encoded), whole or its start (`whole: false`). */
  body: Uint8Array
  whole: boolean
  /** When the request was sent, as `performance.now()`. */
  started: number
  /** Why it is not judged though it came: the proxy could not keep enough of it (its budget of answers was held). */
  unjudged?: string
}

/** The bodies without content (RFC 9110 section 6.4.1), which a `Response` refuses to carry one for. */
const nullBodyStatuses = new Set([101, 103, 204, 205, 304])

/**
 * Judges one forwarded exchange by every check of the contract suite's registry, exactly as the suite's client
 * does (the same reader, the same bounds, the same checks in the same order), and keeps the start of the body as
 * the client keeps it. A body the client could not have read (a broken encoding) is the exchange's `transportError`.
 * @example const exchange = await judgeAnswer(operations.listPets, {}, request, answer)
 */
export async function judgeAnswer(
  contract: OperationSpec,
  params: Readonly<Record<string, string | undefined>>,
  request: ExchangeRequest,
  answer: ForwardedAnswer,
): Promise<Exchange> {
  // The checks are functions of the request and the answer: the same pair again (a pet read again) has their verdicts.
  const key = answer.whole && answer.body.byteLength <= cachedBodyBytes ? verdictKey(contract, request, answer) : ''
  const known = key === '' ? undefined : verdicts.get(key)
  if (known) {
    const durationMs = Math.round(performance.now() - answer.started)
    return {
      ...known,
      request,
      response: { ...(known.response as ExchangeResponse), durationMs },
      results: [...known.results],
    }
  }
  const judged = await judgedAfresh(contract, params, request, answer)
  if (key !== '') {
    if (verdicts.size >= cachedVerdicts) verdicts.clear()
    verdicts.set(key, judged)
  }
  return judged
}

/** Verdicts kept, and the largest answer whose verdicts are: a store of the answers an app repeats, bounded. */
const cachedVerdicts = 1_000
const cachedBodyBytes = 16_384
const verdicts = new Map<string, Exchange>()

/** What the checks read of a pair: the operation, the request as sent and the answer's status, fields and bytes. */
function verdictKey(contract: OperationSpec, request: ExchangeRequest, answer: ForwardedAnswer): string {
  const body = request.bodyLatin1 ?? request.body ?? ''
  const sent = `${request.method} ${request.url}\n${JSON.stringify(request.headers)}\n${body}`
  const got = `${answer.status}\n${answer.rawHeaders.join('\n')}\n${Buffer.from(answer.body).toString('latin1')}`
  return `${contract.operationId}\n${sent}\n${got}`
}

async function judgedAfresh(
  contract: OperationSpec,
  params: Readonly<Record<string, string | undefined>>,
  request: ExchangeRequest,
  answer: ForwardedAnswer,
): Promise<Exchange> {
  const offInterface = offInterfaceReason(contract, params)
  const exchange: Exchange = {
    operationId: contract.operationId,
    request,
    ...(offInterface && { offInterface }),
    results: [],
  }
  let response: ExchangeResponse
  try {
    response = await readAnswer(answer, request)
  } catch (error) {
    exchange.transportError = (error as Error).message
    return exchange
  }
  exchange.response = response
  applyResponseChecks(exchange as Exchange & { response: ExchangeResponse }, contract)
  if (response.bodyText.length > storedBodyCharacters)
    response.bodyText = detachedSlice(response.bodyText, 0, storedBodyCharacters)
  return exchange
}

/** The answer as the contract client reads a fetch `Response`: decoded from its `Content-Encoding`, then bounded. */
async function readAnswer(answer: ForwardedAnswer, request: ExchangeRequest): Promise<ExchangeResponse> {
  if (answer.status < 200 || answer.status > 599)
    throw new Error(`The deployment answered with status ${answer.status}, which no HTTP client takes as an answer.`)
  const headers = new Headers()
  let encoding = ''
  for (let i = 0; i + 1 < answer.rawHeaders.length; i += 2) {
    const name = answer.rawHeaders[i] as string
    try {
      headers.append(name, answer.rawHeaders[i + 1] as string)
    } catch {
      // A field a fetch client would refuse to read is left out, as it would be.
    }
    if (name.toLowerCase() === 'content-encoding') encoding = `${encoding},${answer.rawHeaders[i + 1]}`
  }
  const body = nullBodyStatuses.has(answer.status) || request.method === 'HEAD' ? null : decoded(answer, encoding)
  const response = new Response(body as Uint8Array<ArrayBuffer> | null, { status: answer.status, headers })
  const bodyBytes = request.wholeBodyBytes ?? (request.body === undefined ? 0 : Buffer.byteLength(request.body))
  const read = await readResponse(response, { method: request.method, url: request.url, bodyBytes }, clientBounds, 0)
  return { ...read, durationMs: Math.round(performance.now() - answer.started) }
}

/**
 * The body as a fetch client hands it over: each `Content-Encoding` it knows undone, last applied first, up to the
 * client's read cap (past it the start stands for a body the client would have cut); one it does not know left as
 * it came.
 */
function decoded(answer: ForwardedAnswer, encoding: string): Uint8Array {
  const codings = encoding
    .split(',')
    .map((coding) => coding.trim().toLowerCase())
    .filter((coding) => coding !== '' && coding !== 'identity')
  let bytes: Uint8Array = answer.body
  const maxOutputLength = clientBounds.maxBodyBytes + 1
  // The start of a body the proxy passed on past the cap is decoded as far as it goes.
  const options: ZlibOptions = answer.whole
    ? { maxOutputLength }
    : { maxOutputLength, finishFlush: constants.Z_SYNC_FLUSH }
  for (const coding of codings.reverse()) {
    const decode = decoders[coding]
    if (!decode) return bytes
    try {
      bytes = decode(bytes, options, answer.whole)
    } catch (error) {
      // Past the cap once decoded: the client stops reading there too (`truncated`), whatever the rest holds.
      if ((error as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE') return new Uint8Array(maxOutputLength)
      throw new Error(`The body could not be decoded as ${coding}, as its Content-Encoding says it is.`)
    }
  }
  return bytes
}

const decoders: Record<string, (bytes: Uint8Array, options: ZlibOptions, whole: boolean) => Uint8Array> = {
  gzip: (bytes, options) => gunzipSync(bytes, options),
  'x-gzip': (bytes, options) => gunzipSync(bytes, options),
  br: (bytes, { maxOutputLength }, whole) =>
    brotliDecompressSync(bytes, {
      maxOutputLength,
      ...(!whole && { finishFlush: constants.BROTLI_OPERATION_FLUSH }),
    }),
  // RFC 9110's deflate is zlib-wrapped; some servers send it raw, which fetch reads too.
  deflate: (bytes, options) => {
    try {
      return inflateSync(bytes, options)
    } catch {
      return inflateRawSync(bytes, options)
    }
  },
}

/** Why a request is none the interface describes: a path parameter that is not a value of its type. */
function offInterfaceReason(
  contract: OperationSpec,
  params: Readonly<Record<string, string | undefined>>,
): string | undefined {
  const invalid = Object.entries(params).find(([name, value]) => {
    let decodedValue: string
    try {
      decodedValue = decodeURIComponent(value ?? '')
    } catch {
      return true
    }
    return !contract.pathValueValid(name, decodedValue)
  })
  return invalid && `the path parameter ${invalid[0]} is not a value of its type`
}

import type { OperationId } from '../../spec/types.ts'
import type { CallOptions, RawOutcome, WireCall, WireOutcome, WrittenParts } from '../shared/contract-caller.ts'
import type { CoverageHit } from '../shared/coverage.ts'
import type { Exchange } from '../shared/exchange.ts'
import { ScenarioSkipped } from '../shared/scenario.ts'
import { rawAnswerResponse } from './raw-answer-response.ts'
import { type RawRequest, rawExchange } from './raw-exchange.ts'
import { OtherOriginOnConnection, ReadOnlyRefusal } from './target-error.ts'

/** What a client gives `sendOnWire`: how it builds a call's request, and where it records and counts. */
interface WireHost {
  readonly readOnly: boolean
  /** Whether requests go out over the network (not through a fetch of the caller's): there is a wire. */
  readonly network: boolean
  readonly timeoutMs: number
  /** Deepest nesting of arrays and objects parsed in an answer. */
  readonly maxJsonDepth: number
  readonly exchanges: Array<Exchange>
  readonly coverageHits: Array<CoverageHit>
  count(unsafe: boolean, refused: boolean): void
  /**
   * Why a request is not written, when its route stopped answering while its origin answered others (the transport's
   * `notSent`): the connection would only wait out its deadline again.
   */
  notSent?(method: string, url: string): string | undefined
  requestOf(
    operationId: OperationId,
    options: CallOptions,
  ): { method: string; url: string; headers: Record<string, string>; body?: string; query: string }
}

const outcomes = new WeakMap<Exchange, WireOutcome>()
// What a read-only run may write on the wire: GET and HEAD, as --help promises (OPTIONS and TRACE, safe by RFC 9110
// section 9.2.1, may still be logged or forwarded by a gateway in front of production).
const safeMethods = new Set(['GET', 'HEAD'])

/**
 * What came back on the connection a call with `wire` was written on, from the exchange of any request of it;
 * undefined for an exchange of another kind.
 * @example const outcome = wireOutcomeOf(await caller.call('listPets', { wire: { close: true } }))
 */
export function wireOutcomeOf(exchange: Exchange): WireOutcome | undefined {
  return outcomes.get(exchange)
}

/** Why a check that writes HTTP/1.1 itself is skipped against an in-process target. */
export const noWireReason = 'The target has no wire (an in-process fetch): this check writes HTTP/1.1 itself.'

/**
 * Writes a call's request (and those it pipelines, `wire.pipelined`) over a connection of its own (`rawExchange`),
 * records an exchange for each (the request as written, the key among its fields until a report redacts it) and
 * counts it as a call; returns the first. Skips the scenario where there is no wire; never throws for a connection
 * that closed or failed: the exchange of a request without an answer says why (`transportError`). Refuses, sending
 * nothing, to pipeline a request whose URL has another origin than the first's (`OtherOriginOnConnection`).
 * @example const first = await sendOnWire(host, 'listPets', { wire: { fieldName: (name) => name.toUpperCase() } })
 */
export async function sendOnWire(host: WireHost, operationId: OperationId, options: CallOptions): Promise<Exchange> {
  if (!host.network) throw new ScenarioSkipped(noWireReason)
  const calls = [{ operationId, options }, ...(options.wire?.pipelined ?? [])]
  const written = calls.map((call) => writtenRequest(host, call.operationId, call.options ?? {}))
  // One connection, one origin: the first request's. A request of an API with another origin never goes on it.
  const origin = new URL(written[0]?.url ?? '').origin
  for (const { url, exchange } of written)
    if (new URL(url).origin !== origin) throw new OtherOriginOnConnection(exchange.operationId, url, origin)
  for (const { exchange } of written) {
    const unsafe = !safeMethods.has(exchange.request.method)
    if (host.readOnly && unsafe) {
      host.count(false, true)
      throw new ReadOnlyRefusal(exchange.request.method, exchange.request.url)
    }
  }
  const sink = options.sink ?? host.exchanges
  for (const { exchange } of written) {
    host.count(!safeMethods.has(exchange.request.method), false)
    if (options.record !== false) sink.push(exchange)
  }
  const wire = options.wire ?? {}
  // Each request's reproduce line writes the whole connection: what came before it on it may be what it meets.
  const latin1 = Buffer.concat(written.map(({ raw }) => raw.bytes)).toString('latin1')
  for (const { exchange } of written) exchange.request.wire = { latin1, ...(wire.halfClose && { halfClose: true }) }
  const first = written[0]?.exchange.request
  const notSent = first && host.notSent?.(first.method, first.url)
  const raw = notSent
    ? unwritten(notSent)
    : await rawExchange(
        written[0]?.url ?? '',
        written.map(({ raw }) => raw),
        {
          timeoutMs: Math.min(wire.timeoutMs ?? host.timeoutMs, host.timeoutMs),
          halfClose: wire.halfClose,
          closeWaitMs: wire.closeWaitMs,
          inTurn: wire.inTurn,
          tlsRecords: wire.tlsRecords,
          // A wait the check chooses, never more than a quarter of the run's per-request timeout.
          holdContentMs:
            wire.holdContentMs === undefined ? undefined : Math.min(wire.holdContentMs, host.timeoutMs / 4),
        },
      )
  const outcome: WireOutcome = { ...raw, exchanges: written.map(({ exchange }) => exchange) }
  written.forEach(({ exchange, query }, index) => {
    outcomes.set(exchange, outcome)
    const answer = raw.answers[index]
    if (!answer) {
      exchange.transportError = raw.error ?? (raw.timedOut ? 'no answer in time' : 'closed without an answer')
      return
    }
    exchange.response = rawAnswerResponse(answer, raw.durationMs, host.maxJsonDepth)
    const parameters = [...new URLSearchParams(query).keys()]
    host.coverageHits.push({ operationId: exchange.operationId, status: answer.status, parameters })
  })
  return outcome.exchanges[0] as Exchange
}

/** The outcome of requests not written: no answer, as if their deadline had passed, and why. */
function unwritten(reason: string): RawOutcome {
  return {
    answers: [],
    closed: false,
    timedOut: true,
    capped: false,
    rest: '',
    restBytes: 0,
    durationMs: 0,
    error: reason,
  }
}

/** A call's request as the wire form writes it: its bytes, and its exchange as a report shows it. */
function writtenRequest(host: WireHost, operationId: OperationId, options: CallOptions) {
  const { method, url, headers, body, query } = host.requestOf(operationId, options)
  const wire: WireCall = options.wire ?? {}
  const name = wire.fieldName ?? ((field: string) => field)
  const target = new URL(url)
  const requestTarget = wire.target === 'absolute' ? url : `${target.pathname}${target.search}`
  const fields: Array<[string, string]> = []
  if (wire.host !== false) fields.push([name('host'), target.host])
  for (const [field, value] of Object.entries(headers)) fields.push([name(field), value])
  if (wire.close) fields.push([name('connection'), 'close'])
  const bodyBytes = options.bodyBytes ?? (body === undefined ? undefined : new TextEncoder().encode(body))
  let content: Uint8Array = new Uint8Array(0)
  if (bodyBytes !== undefined) {
    const framed = wire.framing?.(bodyBytes) ?? {
      fields: [[name('content-length'), String(bodyBytes.byteLength)]],
      bytes: bodyBytes,
    }
    fields.push(...framed.fields)
    content = framed.bytes
  }
  const written: WrittenParts = { method, target: requestTarget, version: wire.version ?? 'HTTP/1.1', fields, content }
  const parts = wire.form ? wire.form(written, target) : written
  const lines = parts.fields.map(([field, value]) => `${field}: ${value}\r\n`)
  const requestLine = `${parts.method} ${parts.target} ${parts.version}\r\n`
  const formed = `${requestLine}${lines.join('')}\r\n`
  // A rewrite of the head's text comes last: the pause of a form counts the bytes before it is rewritten.
  const head = Buffer.from(wire.rewrite ? wire.rewrite(formed) : formed, 'latin1')
  const pauseAt =
    parts.pause && Buffer.byteLength(requestLine + lines.slice(0, parts.pause.beforeField).join(''), 'latin1')
  const raw: RawRequest = {
    method: parts.method,
    ...(wire.holdContentMs === undefined
      ? { bytes: Buffer.concat([head, parts.content]) }
      : { bytes: head, heldContent: parts.content }),
    ...(parts.pause && pauseAt !== undefined && { pause: { offset: pauseAt, ms: parts.pause.ms } }),
  }
  const shown: Record<string, string> = {}
  for (const [field, value] of parts.fields) shown[field] = field in shown ? `${shown[field]}, ${value}` : value
  const exchange: Exchange = {
    operationId,
    request: { method: parts.method, url, headers: shown, body },
    alsoAccepted: options.alsoAccepted,
    results: [],
  }
  return { raw, url, query, exchange }
}

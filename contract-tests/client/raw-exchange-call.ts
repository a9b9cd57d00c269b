import type { OperationId } from '../../spec/types.ts'
import type { CallOptions, RawAnswer, WireCall, WireOutcome } from '../shared/contract-caller.ts'
import type { CoverageHit } from '../shared/coverage.ts'
import { detachedSlice } from '../shared/detached-text.ts'
import type { Exchange, ExchangeResponse } from '../shared/exchange.ts'
import { ScenarioSkipped } from '../shared/scenario.ts'
import { type RawRequest, rawExchange } from './raw-exchange.ts'
import { readJsonBody } from './read-json-body.ts'
import { ReadOnlyRefusal } from './target-error.ts'

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
  requestOf(
    operationId: OperationId,
    options: CallOptions,
  ): { method: string; url: string; headers: Record<string, string>; body?: string; query: string }
}

const outcomes = new WeakMap<Exchange, WireOutcome>()
const safeMethods = new Set(['GET', 'HEAD'])
/** Enough of an answer's content to show what came back; the checks of a wire request read the outcome. */
const storedCharacters = 16_384

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
 * that closed or failed: the exchange of a request without an answer says why (`transportError`).
 * @example const first = await sendOnWire(host, 'listPets', { wire: { fieldName: (name) => name.toUpperCase() } })
 */
export async function sendOnWire(host: WireHost, operationId: OperationId, options: CallOptions): Promise<Exchange> {
  if (!host.network) throw new ScenarioSkipped(noWireReason)
  const calls = [{ operationId, options }, ...(options.wire?.pipelined ?? [])]
  const written = calls.map((call) => writtenRequest(host, call.operationId, call.options ?? {}))
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
  const raw = await rawExchange(
    written[0]?.url ?? '',
    written.map(({ raw }) => raw),
    { timeoutMs: host.timeoutMs, halfClose: wire.halfClose, closeWaitMs: wire.closeWaitMs },
  )
  const outcome: WireOutcome = { ...raw, exchanges: written.map(({ exchange }) => exchange) }
  written.forEach(({ exchange, query }, index) => {
    outcomes.set(exchange, outcome)
    const answer = raw.answers[index]
    if (!answer) {
      exchange.transportError = raw.error ?? (raw.timedOut ? 'no answer in time' : 'closed without an answer')
      return
    }
    exchange.response = responseOf(answer, raw.durationMs, host.maxJsonDepth)
    const parameters = [...new URLSearchParams(query).keys()]
    host.coverageHits.push({ operationId: exchange.operationId, status: answer.status, parameters })
  })
  return outcome.exchanges[0] as Exchange
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
  const head = `${method} ${requestTarget} ${wire.version ?? 'HTTP/1.1'}\r\n${fields
    .map(([field, value]) => `${field}: ${value}\r\n`)
    .join('')}\r\n`
  const raw: RawRequest = { method, bytes: Buffer.concat([Buffer.from(head, 'latin1'), content]) }
  const shown: Record<string, string> = {}
  for (const [field, value] of fields) shown[field] = field in shown ? `${shown[field]}, ${value}` : value
  const exchange: Exchange = {
    operationId,
    request: { method, url, headers: shown, body },
    alsoAccepted: options.alsoAccepted,
    results: [],
  }
  return { raw, url, query, exchange }
}

/** An answer read on the wire as the exchange keeps it. */
function responseOf(answer: RawAnswer, durationMs: number, maxJsonDepth: number): ExchangeResponse {
  const headers: Record<string, string> = {}
  for (const [field, value] of answer.fields) {
    const lower = field.toLowerCase()
    headers[lower] = lower in headers ? `${headers[lower]}, ${value}` : value
  }
  const text = new TextDecoder().decode(answer.content)
  return {
    status: answer.status,
    headers,
    // A copy: a slice would keep the whole content alive for as long as the exchange.
    bodyText: detachedSlice(text, 0, storedCharacters),
    bodyBytes: answer.content.byteLength,
    ...readJsonBody(text, maxJsonDepth),
    truncated: !answer.complete,
    durationMs,
  }
}

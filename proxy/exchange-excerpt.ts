import type { Exchange, ExchangeRequest } from '../contract-tests/shared/exchange.ts'

/** The most bytes of a request body a report keeps (and its curl line sends): enough to read, never a megabyte. */
const keptBodyBytes = 2_048

/**
 * An exchange as a report keeps it: its request's body cut to its first `keptBodyBytes` bytes, the whole size stated
 * (`wholeBodyBytes`, which the curl line says); the answer's body is already an excerpt (the judge keeps its start).
 * @example exchangeExcerpt(exchange).request.wholeBodyBytes // 1000000
 */
export function exchangeExcerpt(exchange: Exchange): Exchange {
  const { request } = exchange
  const bytes = request.bodyLatin1 ?? (request.body === undefined ? undefined : Buffer.from(request.body))
  const size = typeof bytes === 'string' ? bytes.length : (bytes?.byteLength ?? 0)
  if (size <= keptBodyBytes && request.wholeBodyBytes === undefined) return exchange
  return { ...exchange, request: requestExcerpt(request, request.wholeBodyBytes ?? size) }
}

/**
 * A request with its body cut to its first `keptBodyBytes` bytes (a character cut in two left out), and
 * `wholeBodyBytes`: what the proxy keeps of a body it forwarded.
 * @example requestExcerpt({ method: 'POST', url, headers, body: big }, big.length).body?.length // 2048
 */
export function requestExcerpt(request: ExchangeRequest, wholeBodyBytes: number): ExchangeRequest {
  if (request.body === undefined) return request
  const latin1 = request.bodyLatin1 ?? Buffer.from(request.body).toString('latin1')
  if (latin1.length <= keptBodyBytes && wholeBodyBytes <= keptBodyBytes) return request
  const start = Buffer.from(latin1.slice(0, keptBodyBytes), 'latin1')
  const text = new TextDecoder('utf-8', { fatal: false }).decode(start, { stream: true })
  const cut: ExchangeRequest = { ...request, body: text, wholeBodyBytes }
  if (request.bodyLatin1 !== undefined) cut.bodyLatin1 = start.toString('latin1')
  else delete cut.bodyLatin1
  return cut
}

import type { Exchange } from '../shared/exchange.ts'

/**
 * Says, in one line, that the base URL is probably wrong when nearly every answer (at least 80%, of at
 * least 3) is a 404 or an HTML page, and none a 2xx in JSON: a prefix missing (`/v1`), a web site or a proxy instead
 * of the API.
 * Judging each of those answers would bury the one finding that matters under hundreds of failures.
 * @example wrongBaseUrl(setup.exchanges) // 'The base URL is probably wrong: ...'
 */
export function wrongBaseUrl(exchanges: ReadonlyArray<Exchange>, baseUrl: string): string | undefined {
  const answered = exchanges.filter((exchange) => exchange.response)
  const astray = answered.filter(({ response }) => {
    const type = response?.headers['content-type'] ?? ''
    return response?.status === 404 || /text\/html/i.test(type)
  })
  if (answered.length < 3 || astray.length / answered.length < 0.8) return undefined
  // A 2xx JSON answer says the base URL reaches the API: the 404s are the service's own (a route it lacks).
  const reached = answered.some(({ response }) => {
    const status = response?.status ?? 0
    return status >= 200 && status < 300 && /json/i.test(response?.headers['content-type'] ?? '')
  })
  if (reached) return undefined
  const example = astray[0] as Exchange
  const type = example.response?.headers['content-type']?.split(';')[0] ?? 'no content type'
  return (
    `The base URL is probably wrong: ${astray.length} of ${answered.length} answers were a 404 or an HTML page ` +
    `(${example.request.method} ${example.request.url} answered ${example.response?.status} ${type}). ` +
    `Check --base-url ${baseUrl}: it is the address the paths of the interface follow, ending in /v1.`
  )
}

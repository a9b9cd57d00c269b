/** The redirect statuses RFC 9110 section 15.4 defines a target URI for (`Location`). */
const redirects = new Set([301, 302, 303, 307, 308])
// 307 and 308 keep the method and the body (RFC 9110 sections 15.4.8, 15.4.9); after 301, 302 and 303 a client
// may switch to GET, so the request is no longer the one the check meant to send.
const keepsMethod = new Set([307, 308])
const safeMethods = new Set(['GET', 'HEAD'])

/**
 * Where to send a request again after a redirect, or why not: only within the origin of the first request (the
 * key is never sent to another), never a body again after 301, 302 or 303 (only 307 and 308 promise the method and
 * body are kept). `undefined` for an answer that is not a redirect.
 * @example redirectHop({ status: 308, location: '/v1/pets', method: 'POST', url: 'http://h/v1/pets/',
 *   origin: 'http://h' }) // { follow: 'http://h/v1/pets' }
 */
export function redirectHop({
  status,
  location,
  method,
  url,
  origin,
}: {
  status: number
  location: string | null
  method: string
  url: string
  origin: string
}): { follow: string } | { stop: string } | undefined {
  if (!redirects.has(status)) return undefined
  if (location === null) return { stop: 'no Location header' }
  let next: URL
  try {
    next = new URL(location, url)
  } catch {
    return { stop: `a Location that is not a URL (${location})` }
  }
  if (next.origin !== origin) return { stop: `to another origin (${next.origin}), where the key is never sent` }
  if (!safeMethods.has(method) && !keepsMethod.has(status))
    return { stop: `${status} after ${method}: the body is not sent again` }
  return { follow: next.href }
}

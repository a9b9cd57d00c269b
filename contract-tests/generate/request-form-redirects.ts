import type { CallOptions } from '../shared/contract-caller.ts'
import type { Exchange } from '../shared/exchange.ts'

/** The redirect statuses of RFC 9110 section 15.4 that point somewhere (`Location`). */
export const redirectStatuses: ReadonlyArray<number> = [301, 302, 303, 307, 308]

/**
 * What a request in a form the interface does not describe (a trailing slash, other case) sends besides itself:
 * a redirect is accepted (never a violation there) and followed within the origin, so that what is checked is the
 * answer the form leads to.
 * @example await client.call('listPets', { ...request, ...followingRedirects })
 */
export const followingRedirects: Pick<CallOptions, 'followRedirects' | 'alsoAccepted'> = {
  followRedirects: true,
  alsoAccepted: redirectStatuses,
}

/**
 * The redirect an exchange met, in words (`301 to http://h/v1/pets`), or undefined: the first one followed, else
 * the redirect it stopped at (to another origin, or one that would send a body again).
 * @example redirectOf(exchange) // '308 to http://127.0.0.1:4010/v1/pets'
 */
export function redirectOf(exchange: Exchange): string | undefined {
  const [first] = exchange.response?.redirects ?? []
  if (first) return `${first.status} to ${first.location}`
  const status = exchange.response?.status ?? 0
  if (!redirectStatuses.includes(status)) return undefined
  return `${status} to ${exchange.response?.headers.location ?? 'nowhere'}, not followed`
}

import { interfaceSays } from '../shared/citations.ts'
import type { Exchange } from '../shared/exchange.ts'
import { failed, headRefused, ownMethod, passed, type ResponseCheck } from './response-check.ts'

/** The value of a request field, whatever the case its name was written in. */
const requestField = (headers: Record<string, string>, name: string) =>
  Object.entries(headers).find(([field]) => field.toLowerCase() === name)?.[1] ?? ''

/**
 * The 5xx the standards ask for, not a failure: a 504 from a cache to `only-if-cached` (RFC 9111 section 5.2.1.7:
 * "Caches that honor this request
 * directive SHOULD, upon receiving it, respond with either a stored response consistent with the other constraints
 * of the request or a 504 (Gateway Timeout) status code"), and a
 * 505 to a request line of another major version than 1 (RFC 9110 section 2.5: "A server can send a 505 (HTTP
 * Version Not Supported) response if it wishes, for any reason, to refuse service of the client's major protocol
 * version").
 */
function askedFor(request: Exchange['request'], status: number): boolean {
  if (status === 504) return /(?:^|,)\s*only-if-cached\s*(?:,|$)/i.test(requestField(request.headers, 'cache-control'))
  if (status !== 505) return false
  const version = /^\S+ \S+ HTTP\/(\d)/.exec(request.wire?.latin1 ?? '')?.[1]
  return version !== undefined && version !== '1'
}

/**
 * No response is a 5xx: the request was the client's to get wrong, not the server's to fail. A 501 to a
 * method the operation does not have, HEAD included, is the answer RFC 9110 (section 9.1) asks for, not a failure;
 * so are a cache's 504 to only-if-cached and a 505 to another major version (`askedFor`).
 */
export const noServerError: ResponseCheck = {
  name: 'no_server_error',
  description: 'No response has a 5xx status.',
  basis: interfaceSays.errorsListed,
  run: ({ request, response }, contract) => {
    if (response.status === 501 && (!ownMethod(request.method, contract) || headRefused(request.method, 501)))
      return undefined
    if (askedFor(request, response.status)) return undefined
    return response.status >= 500
      ? failed(`The server answered ${response.status}.`, 'a status below 500', String(response.status))
      : passed('No 5xx.')
  },
}

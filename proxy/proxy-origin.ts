import { specBasePaths } from '../mocks/core/base-paths.ts'
import { type ApiBase, operations } from '../spec/operations.ts'

/** A deployment the proxy forwards to: one origin and the path its base adds (`/v1`, or none). */
export interface ProxyOrigin {
  protocol: 'http:' | 'https:'
  hostname: string
  port: number
  /** The `Host` every request forwarded there carries: the deployment's own, never the client's. */
  host: string
  /** The base URL's path without a trailing slash: `/v1`, `/api/v1`, or `''`. */
  basePath: string
  /** The base URL as given, for the ready line and the reports (`https://staging.example.com/v1`). */
  baseUrl: string
}

/** Where the two bases of the interface are forwarded. */
export interface ProxyOrigins {
  pets: ProxyOrigin
  messages: ProxyOrigin
}

/** A base URL the proxy cannot forward to; the message is one line naming the option and what is wrong. */
export class ProxyOriginError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'ProxyOriginError'
  }
}

/**
 * Reads a deployment's base URL (`--proxy`, `--messages-proxy`): http or https, a host, no user name or password
 * (they would travel in every request and in every report), no query and no fragment.
 * @example parseProxyOrigin('--proxy', 'https://staging.example.com/v1').basePath // '/v1'
 * @throws ProxyOriginError naming the option and what is wrong
 */
export function parseProxyOrigin(option: string, value: string): ProxyOrigin {
  let url: URL
  try {
    url = new URL(value)
  } catch {
    throw new ProxyOriginError(`${option} expects an http(s) base URL, got ${JSON.stringify(value.slice(0, 120))}.`)
  }
  const shown = `${url.protocol}//${url.host}${url.pathname}`
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new ProxyOriginError(`${option} expects an http or https URL, got ${JSON.stringify(url.protocol)}.`)
  if (url.hostname === '') throw new ProxyOriginError(`${option} expects a URL with a host, got ${shown}.`)
  if (url.username !== '' || url.password !== '')
    throw new ProxyOriginError(
      `${option} takes no user name or password in the URL (${shown}): the app's own credentials are forwarded.`,
    )
  if (url.search !== '' || url.hash !== '')
    throw new ProxyOriginError(`${option} expects a base URL without a query or fragment, got ${shown}?….`)
  const protocol = url.protocol
  const port = url.port === '' ? (protocol === 'https:' ? 443 : 80) : Number(url.port)
  const basePath = url.pathname.replace(/\/+$/, '')
  const hostname = url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname
  return { protocol, hostname, port, host: url.host, basePath, baseUrl: `${url.origin}${basePath}` }
}

/**
 * Where a request to the proxy goes: the pets API (a path under `/v1`) to the `--proxy` base, anything else to the
 * messages base, always the configured origin with the request's own path and query below its base path. Nothing
 * the request names (an absolute-form target, a `Host`) takes part.
 * @example upstreamTarget(origins, '/v1/pets/7', 'x=1') // { base: 'pets', origin: …, path: '/v1/pets/7?x=1' }
 */
export function upstreamTarget(
  origins: ProxyOrigins,
  pathname: string,
  search: string,
): { base: ApiBase; origin: ProxyOrigin; below: string; path: string } {
  const pets = specBasePaths.pets
  const underPets = pathname.startsWith(pets) && (pathname.length === pets.length || pathname[pets.length] === '/')
  const base: ApiBase = underPets ? 'pets' : 'messages'
  const below = underPets ? pathname.slice(pets.length) : pathname
  const origin = origins[base]
  return { base, origin, below, path: `${origin.basePath}${below}${search === '' ? '' : `?${search}`}` }
}

/**
 * The messages base a `--proxy` base implies when `--messages-proxy` is not given, as the contract suite reads its
 * `--base-url`: the same URL without its final `/v1`.
 * @example impliedMessagesBase('https://staging.example.com/v1') // 'https://staging.example.com'
 */
export function impliedMessagesBase(petsBase: string): string {
  return petsBase.replace(/\/+$/, '').replace(/\/v1$/, '')
}

/** The messages path of the interface, for the ready line. */
export const messagesPath = operations.sendMessage.path

import { constantTimeEqual } from '../constant-time-equal.ts'
import { MockError } from '../mock-error.ts'
import { isForwardingHeader } from './forwarding-header.ts'

/** Who may use the admin API. */
export interface AdminGuard {
  /**
   * True when the server listens on loopback only: a request sent straight from this machine (see
   * `admitAdmin`) may use the admin API without a token.
   */
  open: boolean
  /** `Authorization: Bearer <token>` lets any request through; off loopback it is required (403 without one). */
  token?: string
  /**
   * Host names the admin API answers besides loopback ones (`--allowed-host`), as `allowedHostName` returns
   * them: `mock.test`, or `.mock.test` for that name and every name under it.
   */
  allowedHosts?: ReadonlyArray<string>
}

/** What the guard reads of an admin request. */
export interface AdminCaller {
  header(name: string): string | null | undefined
  /** The names of every header it carries, lower-case. */
  headerNames(): Iterable<string>
}

/**
 * Decides whether an admin request may go on, or throws the `MockError` to answer (403, or 401 off loopback
 * with a token configured). The admin token lets any request through. Without it, off loopback nothing
 * may; on loopback only a request sent straight from this machine: no forwarding header (`Forwarded`,
 * `Via`, `X-Forwarded*`, a client address as proxies pass it on: `isForwardingHeader`), a `Host` that is
 * a loopback name or an allowed host (a DNS rebinding page sends its own name), and an `Origin`, if any,
 * of the same kind (another web site's page sends its own). A preflight is judged without the token,
 * which a browser never sends with one.
 * Returns the origin whose page may read the answer (CORS): only an accepted one, never another.
 * @example const { corsOrigin } = admitAdmin(guard, request, request.method === 'OPTIONS')
 */
export function admitAdmin(guard: AdminGuard, request: AdminCaller, preflight: boolean): { corsOrigin?: string } {
  const origin = request.header('origin') ?? undefined
  const refusal = notFromThisMachine(guard, request, origin)
  const admitted = refusal === undefined ? { corsOrigin: origin } : {}
  if (preflight) {
    if (refusal) throw forbidden(`The admin API refuses this request: ${refusal}.`)
    return admitted
  }
  if (hasToken(guard, request.header('authorization'))) return admitted
  if (!guard.open) {
    if (guard.token === undefined || guard.token === '')
      throw forbidden(
        'The admin API is closed on a non-loopback address without an admin token: ' +
          'start the server with PETSTORE_ADMIN_TOKEN (or --admin-token).',
      )
    throw new MockError(401, 'unauthorized', 'The admin API needs "Authorization: Bearer <admin token>".', {
      'www-authenticate': 'Bearer realm="petstore-admin"',
    })
  }
  if (refusal)
    throw forbidden(
      `The admin API refuses this request: ${refusal}. ` +
        'It answers only requests sent straight from this machine, or with the admin token.',
    )
  return admitted
}

function hasToken(guard: AdminGuard, authorization: string | null | undefined): boolean {
  if (guard.token === undefined || guard.token === '') return false
  const match = /^bearer +(.+)$/i.exec((authorization ?? '').trim())
  return match !== null && constantTimeEqual((match[1] ?? '').trim(), guard.token)
}

function forbidden(message: string): MockError {
  return new MockError(403, 'forbidden', message)
}

/** Why a request does not look sent straight from this machine, or undefined when it does. */
function notFromThisMachine(guard: AdminGuard, request: AdminCaller, origin: string | undefined): string | undefined {
  for (const name of request.headerNames())
    if (isForwardingHeader(name)) return `it came through a proxy (a ${name} header)`
  const allowed = guard.allowedHosts ?? []
  const host = request.header('host')
  // No Host at all (an HTTP/1.0 tool) names nothing a web page could have rebound.
  if (host !== undefined && host !== null && !isAllowedName(hostnameOf(host), allowed))
    return `it is addressed to ${quoted(host)}, neither a loopback name nor an --allowed-host`
  if (origin !== undefined && !isAllowedName(originHostname(origin), allowed))
    return `it comes from a web page at ${quoted(origin)}, neither a loopback origin nor an --allowed-host`
  return undefined
}

/**
 * The host name of a `Host` header or an origin's authority, as browsers write it (`127.1` and
 * `[0:0::1]` become `127.0.0.1` and `[::1]`, the name lower-case, a trailing dot dropped); undefined for
 * anything that is not one.
 */
function hostnameOf(authority: string): string | undefined {
  if (!/^(\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9._-]+)(:\d{1,5})?$/.test(authority)) return undefined
  try {
    return new URL(`http://${authority}`).hostname.replace(/\.$/, '')
  } catch {
    return undefined
  }
}

function originHostname(origin: string): string | undefined {
  const match = /^https?:\/\/([^/?#@]+)$/i.exec(origin)
  return match ? hostnameOf(match[1] as string) : undefined
}

function isAllowedName(hostname: string | undefined, allowed: ReadonlyArray<string>): boolean {
  if (hostname === undefined) return false
  if (isLoopbackName(hostname)) return true
  return allowed.some((name) =>
    name.startsWith('.') ? hostname === name.slice(1) || hostname.endsWith(name) : hostname === name,
  )
}

/** `localhost` and names under it (RFC 6761), 127.0.0.0/8, `[::1]` and IPv4-mapped 127.0.0.0/8. */
function isLoopbackName(hostname: string): boolean {
  return (
    hostname === 'localhost' ||
    hostname.endsWith('.localhost') ||
    /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(hostname) ||
    hostname === '[::1]' ||
    /^\[::ffff:7f[0-9a-f]{2}:[0-9a-f]{1,4}\]$/.test(hostname)
  )
}

/**
 * An `--allowed-host` value as the guard compares it (`Mock.Test` → `mock.test`, `.mock.test` keeps its
 * dot: that name and every name under it), or undefined when it is not a host name or address.
 * @example allowedHostName('.Dev.Example') // '.dev.example'
 */
export function allowedHostName(value: string): string | undefined {
  const subdomains = value.startsWith('.')
  const hostname = hostnameOf(subdomains ? value.slice(1) : value)
  if (hostname === undefined || hostname === '' || /:\d+$/.test(value.replace(/^\[.*\]/, ''))) return undefined
  return subdomains ? `.${hostname}` : hostname
}

function quoted(text: string): string {
  return JSON.stringify(text.length > 80 ? `${text.slice(0, 80)}…` : text)
}

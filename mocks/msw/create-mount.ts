import type { ApiBase } from '../../spec/operations.ts'
import { pathTable } from '../core/route-table.ts'

/** Where one base of the API is served, as a handler sees it. */
export interface Mount {
  base: ApiBase
  /** Whether every path below the mount is the mock's (an unknown one is a 404), or only the routed ones. */
  owned: boolean
  /**
   * The URLs (origin and path, as msw matches a handler's RegExp) the mount claims: every path below an owned
   * mount, only the routed paths below another. No capturing group: msw decodes groups, and a malformed
   * percent-escape must reach the router as it came.
   */
  pattern: RegExp
  /** The raw path below the mount (`/pets/7`) of a URL it claims, or undefined. */
  pathBelow(url: URL): string | undefined
}

/**
 * A mount from a base URL written as msw writes one: `https://api.example.com/v1`, `*\/v1` (any origin,
 * and any prefix, as msw's `*` matches), `*` (anywhere), or `/v1` (any origin). The base ends at a segment
 * boundary, the first one after which the rest is the mount's. The path is cut from the raw URL, never
 * decoded, so a malformed percent-escape reaches the router as it came.
 * @example createMount('pets', '*\/v1', true).pathBelow(new URL('http://x.test/v1/pets')) // '/pets'
 */
export function createMount(base: ApiBase, baseUrl: string, owned: boolean): Mount {
  const trimmed = baseUrl.endsWith('/') ? baseUrl.slice(0, -1) : baseUrl
  const prefix = trimmed.startsWith('/') ? `*${trimmed}` : trimmed
  const source = prefix.split('*').map(escapeRegExp).join('.*?')
  // Owned: nothing or a path after the base (so `*/v1` takes `/v1/pets` but not `/v1x/pets`). Otherwise the
  // router's paths of this base, a parameter being one segment and a trailing slash allowed, as rou3 routes them.
  const rest = owned ? '(?:/.*)?' : `(?:${routedPaths(base).join('|')})/?`
  const below = new RegExp(`^${source}${afterOrigin}(${rest})$`)
  return {
    base,
    owned,
    pattern: new RegExp(`^${source}${afterOrigin}${rest}$`),
    pathBelow(url) {
      return below.exec(`${url.origin}${url.pathname}`)?.[1]
    },
  }
}

/**
 * The path a base URL puts before the spec's paths, as a client sends it: `/api/v1` for
 * `https://api.example.com/api/v1`, `/v1` for `*\/v1`, empty for `*`.
 * @example basePathOf('/api/v1') // '/api/v1'
 */
export function basePathOf(baseUrl: string): string {
  const trimmed = baseUrl.endsWith('/') ? baseUrl.slice(0, -1) : baseUrl
  const afterWildcard = trimmed.slice(trimmed.lastIndexOf('*') + 1)
  const scheme = afterWildcard.indexOf('://')
  if (scheme === -1) return afterWildcard.startsWith('/') ? afterWildcard : ''
  const slash = afterWildcard.indexOf('/', scheme + 3)
  return slash === -1 ? '' : afterWildcard.slice(slash)
}

// The base ends after the origin, never inside its `://`: `*` takes all of `http://x.test/messages`.
const afterOrigin = '(?<=^[^:/]*://[^/]*(?:/.*)?)'

function routedPaths(base: ApiBase): Array<string> {
  return pathTable
    .filter((entry) => entry.base === base)
    .map((entry) =>
      entry.pattern
        .split('/')
        .map((segment) => (segment.startsWith(':') ? '[^/]+' : escapeRegExp(segment)))
        .join('/'),
    )
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}

import type { ApiBase } from '../../spec/operations.ts'

/** Where one base of the API is served, as a handler sees it. */
export interface Mount {
  base: ApiBase
  /** Whether every path below the mount is the mock's (an unknown one is a 404), or only the routed ones. */
  owned: boolean
  /** The raw path below the mount (`/pets/7`), or undefined when the URL is not under it. */
  pathBelow(url: URL): string | undefined
}

/**
 * A mount from a base URL written as msw writes one: `https://api.example.com/v1`, `*\/v1` (any origin,
 * and any prefix, as msw's `*` matches), `*` (anywhere), or `/v1` (any origin). The path is cut from
 * the raw URL, never decoded, so a malformed percent-escape reaches the router as it came.
 * @example createMount('pets', '*\/v1', true).pathBelow(new URL('http://x.test/v1/pets')) // '/pets'
 */
export function createMount(base: ApiBase, baseUrl: string, owned: boolean): Mount {
  const trimmed = baseUrl.endsWith('/') ? baseUrl.slice(0, -1) : baseUrl
  const prefix = trimmed.startsWith('/') ? `*${trimmed}` : trimmed
  const source = prefix
    .split('*')
    .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
    .join('.*?')
  const pattern = new RegExp(`^${source}$`)
  return {
    base,
    owned,
    pathBelow(url) {
      const { origin, pathname } = url
      // The first segment boundary where the base ends: `*/v1` takes `/v1/pets` but not `/v1x/pets`.
      for (let end = 0; end <= pathname.length; end = nextBoundary(pathname, end)) {
        if (pattern.test(`${origin}${pathname.slice(0, end)}`)) return pathname.slice(end)
      }
      return undefined
    },
  }
}

function nextBoundary(pathname: string, from: number): number {
  const next = pathname.indexOf('/', from + 1)
  return next === -1 ? (from === pathname.length ? from + 1 : pathname.length) : next
}

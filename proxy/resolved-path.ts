// `.` and `..` as a segment, each dot written or percent-encoded (`%2E` is the unreserved `.`: RFC 3986 6.2.2.2).
const single = /^(?:\.|%2e)$/i
const double = /^(?:\.|%2e){2}$/i
// Separators some servers read in a segment: an encoded slash or backslash, or a backslash.
const otherSeparators = /%2f|%5c|\\/gi

/**
 * A request path with its dot segments removed (RFC 3986 section 5.2.4), an encoded dot read as a dot, and whether
 * it leaves `base` (`/v1`): a path written under the base that resolves outside it, as the proxy would send it or as
 * a server that reads `%2F`, `%5C` or `\` as a slash would resolve it (`/v1/..%2F..%2Fadmin`). Such a path must not
 * be sent: it would reach the deployment outside the base it forwards to. Under `''` (the root) nothing leaves.
 * @example resolvedPath('/v1/pets/../pets/7', '/v1') // { path: '/v1/pets/7', leaves: false }
 * @example resolvedPath('/v1/%2e%2e/%2e%2e/admin', '/v1') // { path: '/admin', leaves: true }
 */
export function resolvedPath(path: string, base: string): { path: string; leaves: boolean } {
  // The common case, a path with no dot and no percent sign: nothing to resolve.
  if (!path.includes('.') && !path.includes('%') && !path.includes('\\')) return { path, leaves: false }
  const resolved = removeDotSegments(path)
  const under = (candidate: string): boolean => candidate === base || candidate.startsWith(`${base}/`)
  const leaves =
    base !== '' && under(path) && (!under(resolved) || !under(removeDotSegments(path.replace(otherSeparators, '/'))))
  return { path: resolved, leaves }
}

/**
 * RFC 3986 section 5.2.4 on an absolute path: each `.` segment dropped, each `..` dropping the segment before it
 * (none above the root); a path that ends in either ends in a slash.
 * @example removeDotSegments('/a/b/../c/.') // '/a/c/'
 */
function removeDotSegments(path: string): string {
  const kept: Array<string> = []
  const segments = path.split('/')
  for (let index = 1; index < segments.length; index++) {
    const segment = segments[index] as string
    const last = index === segments.length - 1
    if (double.test(segment)) kept.pop()
    else if (!single.test(segment)) {
      kept.push(segment)
      continue
    }
    if (last) kept.push('')
  }
  return `/${kept.join('/')}`
}

/**
 * Whether a request carries more than one `Host` field line (from node's `rawHeaders`, which keeps each
 * line): RFC 9112 section 3.2 requires a 400 for it, where node would keep the first.
 * @example repeatedHost(['Host', 'a.test', 'host', 'b.test']) // true
 */
export function repeatedHost(rawHeaders: ReadonlyArray<string>): boolean {
  let seen = false
  for (let i = 0; i < rawHeaders.length; i += 2) {
    const name = rawHeaders[i] as string
    if (!isHost(name)) continue
    if (seen) return true
    seen = true
  }
  return false
}

/** `host` in any case, without lower-casing a copy: this runs on every request. */
function isHost(name: string): boolean {
  return (
    name.length === 4 &&
    (name.charCodeAt(0) | 0x20) === 0x68 &&
    (name.charCodeAt(1) | 0x20) === 0x6f &&
    (name.charCodeAt(2) | 0x20) === 0x73 &&
    (name.charCodeAt(3) | 0x20) === 0x74
  )
}

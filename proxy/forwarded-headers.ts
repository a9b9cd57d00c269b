/**
 * Fields that belong to one connection, never forwarded (RFC 9110 section 7.6.1), with the proxy's own
 * (`Proxy-*`) and `Trailer`: the proxy forwards a body whole, with no trailer section.
 */
const hopByHop = new Set([
  'connection',
  'proxy-connection',
  'keep-alive',
  'te',
  'transfer-encoding',
  'upgrade',
  'trailer',
])

/** What the proxy says of itself in `Via` (RFC 9110 section 7.6.3): a gateway sends one on every forwarded request. */
const proxyVia = '1.1 petstore-mock'

/**
 * A request's header lines as forwarded (node's `rawHeaders` form, repeated fields kept in order): without the
 * hop-by-hop fields and those `Connection` names, `Host` (the deployment's instead), `Expect` (the proxy has the body
 * already) and the framing (`Content-Length` is set from the bytes sent), with the proxy added to `Via`.
 * @example forwardedRequestHeaders(['Host', 'x', 'Accept', 'text/plain'], 'staging.example.com', 0) // ['host', …]
 */
export function forwardedRequestHeaders(
  rawHeaders: ReadonlyArray<string>,
  host: string,
  bodyBytes: number | undefined,
): Array<string> {
  const dropped = droppedFields(rawHeaders, ['host', 'expect', 'content-length', 'via'])
  const kept: Array<string> = ['host', host]
  const via: Array<string> = []
  for (let i = 0; i + 1 < rawHeaders.length; i += 2) {
    const name = rawHeaders[i] as string
    const lower = name.toLowerCase()
    if (lower === 'via') via.push(rawHeaders[i + 1] as string)
    if (dropped.has(lower)) continue
    kept.push(name, rawHeaders[i + 1] as string)
  }
  kept.push('via', [...via, proxyVia].join(', '))
  if (bodyBytes !== undefined) kept.push('content-length', String(bodyBytes))
  return kept
}

/**
 * An answer's header lines as returned to the client: without the hop-by-hop fields and those `Connection` names,
 * and without `Content-Length` unless `keepLength` (the server frames what it writes; a HEAD or 304 answer keeps the
 * deployment's, which describes a body not sent).
 * @example returnedHeaders(['Content-Type', 'application/json', 'Connection', 'close'], false) // ['Content-Type', …]
 */
export function returnedHeaders(rawHeaders: ReadonlyArray<string>, keepLength: boolean): Array<string> {
  const dropped = droppedFields(rawHeaders, keepLength ? [] : ['content-length'])
  const kept: Array<string> = []
  for (let i = 0; i + 1 < rawHeaders.length; i += 2) {
    const name = rawHeaders[i] as string
    if (!dropped.has(name.toLowerCase())) kept.push(name, rawHeaders[i + 1] as string)
  }
  return kept
}

// The usual sets, built once: most messages name no field in `Connection` and carry no `Proxy-*` field.
const usual = new Map<string, Set<string>>()

/** The hop-by-hop fields, `Proxy-*`, the fields each `Connection` line names, and `also`, lower-case. */
function droppedFields(rawHeaders: ReadonlyArray<string>, also: ReadonlyArray<string>): Set<string> {
  if (!namesMore(rawHeaders)) {
    const key = also.join(',')
    let found = usual.get(key)
    if (!found) {
      found = new Set([...hopByHop, ...also])
      usual.set(key, found)
    }
    return found
  }
  const dropped = new Set([...hopByHop, ...also])
  for (let i = 0; i + 1 < rawHeaders.length; i += 2) {
    const name = (rawHeaders[i] as string).toLowerCase()
    if (name.startsWith('proxy-')) dropped.add(name)
    if (name !== 'connection') continue
    for (const option of (rawHeaders[i + 1] as string).split(',')) {
      const named = option.trim().toLowerCase()
      if (named !== '') dropped.add(named)
    }
  }
  return dropped
}

/** Whether a message has a `Proxy-*` field or a `Connection` field that may name others. */
function namesMore(rawHeaders: ReadonlyArray<string>): boolean {
  for (let i = 0; i < rawHeaders.length; i += 2) {
    const name = rawHeaders[i] as string
    const first = name.charCodeAt(0) | 0x20
    if (first !== 0x63 && first !== 0x70) continue
    const lower = name.toLowerCase()
    if (lower.startsWith('proxy-')) return true
    if (lower === 'connection') {
      const value = (rawHeaders[i + 1] as string).trim().toLowerCase()
      if (value !== 'keep-alive' && value !== 'close') return true
    }
  }
  return false
}

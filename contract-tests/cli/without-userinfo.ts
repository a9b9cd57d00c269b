/**
 * A URL as written, even one that cannot be parsed, with whatever stands before the last `@` of its authority (a
 * user name and password) replaced by `…`: fit to quote in an error line.
 * @example withoutUserinfo('http://ci:s3cret@[bad/v1') // 'http://…@[bad/v1'
 */
export function withoutUserinfo(url: string): string {
  const scheme = /^[^/?#]*?:\/\/|^\/\//.exec(url)?.[0] ?? ''
  const rest = url.slice(scheme.length)
  const authorityEnd = rest.search(/[/?#\\]/)
  const authority = authorityEnd === -1 ? rest : rest.slice(0, authorityEnd)
  const at = authority.lastIndexOf('@')
  return at === -1 ? url : `${scheme}…${rest.slice(at)}`
}

/**
 * Names a proxy or CDN puts on a request it passes on, beyond the standard `Forwarded` and `Via`: the
 * `X-Forwarded` family, the original host or URL, and the client's address under any of the names proxies
 * use for it (`X-Real-IP`, `X-Client-IP`, `True-Client-IP`, `CF-Connecting-IP`, `Fastly-Client-IP`, …).
 */
const forwardingName =
  /^(?:forwarded|via|x-forwarded(?:-.*)?|x-original-.+|x-host|x-proxy-.+|x-envoy-.+|.+-ip|.+-ipv6|.+clientip)$/

/**
 * Whether a header (lower-case name) says the request came through a proxy: the admin API refuses such a
 * request without its token, since a proxy on this machine would otherwise publish it.
 * @example isForwardingHeader('cf-connecting-ip') // true
 */
export function isForwardingHeader(name: string): boolean {
  return forwardingName.test(name)
}

/**
 * The origin-form (path and query) of a request target as node:http gives it: a target in absolute-form
 * (`http://host/v1/pets`, RFC 9112 section 3.2.2, which every server must accept) reduced to its path and query.
 * @example originForm('http://127.0.0.1:4010/v1/pets?limit=1') // '/v1/pets?limit=1'
 */
export function originForm(target: string | undefined): string {
  if (!target) return '/'
  if (target.startsWith('/')) return target
  const url = URL.canParse(target) ? new URL(target) : undefined
  return url ? `${url.pathname}${url.search}` : '/'
}

import { interfaceSays } from '../shared/citations.ts'
import { failed, interfaceLists, passed, type ResponseCheck, unlistedError } from './response-check.ts'

/** A JSON media type, `application/json` or `application/*+json`, with any parameters. */
export const jsonMediaType = /^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i

/**
 * A response with a body says it is JSON, as the interface promises for every body. An answer without a body
 * has nothing to label, and a successful OPTIONS answer describes the resource's methods, not a JSON body
 * (RFC 9110 section 9.3.7 leaves its content open). An error response the interface does not list (a 405, a 404
 * for an unknown path, a 413) in the framework's own text or HTML is a deviation (see `interfaceLists`).
 */
export const jsonContentType: ResponseCheck = {
  name: 'json_content_type',
  description: 'Every response body is sent as application/json.',
  basis: interfaceSays.jsonBodies,
  run: (exchange, contract) => {
    const { request, response } = exchange
    if (request.method === 'HEAD' || response.status === 204 || response.status === 304) return undefined
    if (response.status >= 300 && response.status < 400) return undefined
    if (response.bodyText === '' && !response.truncated && response.bom !== true) return undefined
    if (request.method === 'OPTIONS' && response.status < 300) return undefined
    const type = response.headers['content-type'] ?? ''
    if (jsonMediaType.test(type)) return passed(`Content-Type ${type}.`)
    if (response.status >= 400 && !interfaceLists(exchange, contract))
      return unlistedError(`The ${response.status} body is not sent as JSON.`, 'application/json', type || '(none)')
    return failed('The body is not sent as JSON.', 'application/json', type || '(none)')
  },
}

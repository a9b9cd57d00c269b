import { interfaceSays } from '../model/citations.ts'
import { failed, passed, type ResponseCheck } from './response-check.ts'

const jsonMediaType = /^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i

/** A response with a body says it is JSON, as the interface promises for every body. */
export const jsonContentType: ResponseCheck = {
  name: 'json_content_type',
  description: 'Every response body is sent as application/json.',
  basis: interfaceSays.jsonBodies,
  run: ({ request, response }) => {
    if (request.method === 'HEAD' || response.status === 204 || response.status === 304) return undefined
    if (response.status >= 300 && response.status < 400) return undefined
    const type = response.headers['content-type'] ?? ''
    return jsonMediaType.test(type)
      ? passed(`Content-Type ${type}.`)
      : failed('The body is not sent as JSON.', 'application/json', type || '(none)')
  },
}

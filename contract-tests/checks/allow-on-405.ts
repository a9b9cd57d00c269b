import { standardSays } from '../shared/citations.ts'
import { failed, passed, type ResponseCheck } from './response-check.ts'

/**
 * Every 405 names what the resource does allow (RFC 9110 section 15.5.6: "The origin server MUST generate an Allow
 * header field in a 405 response containing a list of the target resource's currently supported methods."): a
 * violation without it, whatever the request. An empty list is allowed (section 10.2.1: the resource allows none).
 */
export const allowOn405: ResponseCheck = {
  name: 'allow_on_405',
  description: 'Every 405 sends an Allow header (RFC 9110 section 15.5.6).',
  basis: standardSays.allowOn405,
  run: ({ response }) => {
    if (response.status !== 405) return undefined
    return response.headers.allow === undefined
      ? failed('The 405 sends no Allow header: a client cannot tell which methods the resource has.', 'Allow', 'none')
      : passed(`Allow: ${response.headers.allow}.`)
  },
}

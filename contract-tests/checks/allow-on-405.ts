import { standardSays } from '../shared/citations.ts'
import { failed, passed, type ResponseCheck } from './response-check.ts'

/**
 * Every 405 names what the resource does allow (RFC 9110 section 15.5.6: "The origin server MUST generate an Allow
 * header field in a 405 response containing a list of the target resource's currently supported methods."): a
 * violation without it, whatever the request, and one that leaves out the method of a described operation on that
 * path (section 10.2.1: "The \"Allow\" header field lists the set of methods advertised as supported by the target
 * resource."). An empty list is allowed only where the resource allows none, which no described path is.
 */
export const allowOn405: ResponseCheck = {
  name: 'allow_on_405',
  description: 'Every 405 sends an Allow header (RFC 9110 section 15.5.6).',
  basis: standardSays.allowOn405,
  run: ({ response }, contract) => {
    if (response.status !== 405) return undefined
    const { allow } = response.headers
    if (allow === undefined)
      return failed(
        'The 405 sends no Allow header: a client cannot tell which methods the resource has.',
        'Allow',
        'none',
      )
    const methods = allow.split(',').map((method) => method.trim())
    // The path of a described operation supports its method: an Allow that leaves it out misleads the client.
    if (contract.described && !methods.includes(contract.method))
      return failed(
        `The 405's Allow leaves out ${contract.method}, which ${contract.path} supports (${contract.operationId}).`,
        `Allow listing ${contract.method}`,
        `allow: ${allow}`,
      )
    return passed(`Allow: ${allow}.`)
  },
}

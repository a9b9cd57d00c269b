import { interfaceSays } from '../shared/citations.ts'
import { failed, headRefused, ownMethod, passed, type ResponseCheck } from './response-check.ts'

/**
 * No response is a 5xx: the request was the client's to get wrong, not the server's to fail. A 501 to a
 * method the operation does not have, HEAD included, is the answer RFC 9110 (section 9.1) asks for, not a failure.
 */
export const noServerError: ResponseCheck = {
  name: 'no_server_error',
  description: 'No response has a 5xx status.',
  basis: interfaceSays.errorsListed,
  run: ({ request, response }, contract) => {
    if (response.status === 501 && (!ownMethod(request.method, contract) || headRefused(request.method, 501)))
      return undefined
    return response.status >= 500
      ? failed(`The server answered ${response.status}.`, 'a status below 500', String(response.status))
      : passed('No 5xx.')
  },
}

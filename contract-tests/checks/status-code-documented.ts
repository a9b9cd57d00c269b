import { interfaceSays, responsesStatedBySpec } from '../shared/citations.ts'
import { failed, headRefused, ownMethod, passed, type ResponseCheck } from './response-check.ts'

/**
 * The status is one the spec documents for the operation (or one the scenario explicitly accepts), for a
 * request with the operation's own method (HEAD for a GET; a HEAD refused with 405 or 501 is `head_like_get`'s).
 */
export const statusCodeDocumented: ResponseCheck = {
  name: 'status_code_documented',
  description: 'The status code is documented for the operation.',
  basis: interfaceSays.responses,
  run: ({ request, response, alsoAccepted }, contract) => {
    if (response.status >= 500) return undefined // no_server_error speaks for these
    // The spec documents the operation's own method; another method is judged by the check that sent it.
    if (!ownMethod(request.method, contract) || headRefused(request.method, response.status)) return undefined
    if (contract.documents(response.status) || alsoAccepted?.includes(response.status))
      return passed(`${response.status} is documented.`)
    const redirect =
      response.status >= 300 && response.status < 400
        ? ` (a redirect to ${response.headers.location ?? 'nowhere'}, not followed)`
        : ''
    const stated = responsesStatedBySpec(contract)
    return {
      ...failed(
        `${response.status} is not documented for ${contract.operationId}${redirect}.`,
        contract.documentedStatuses.join(', '),
        String(response.status),
      ),
      ...(stated && { basis: stated }),
    }
  },
}

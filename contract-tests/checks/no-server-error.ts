import { interfaceSays } from '../model/citations.ts'
import { failed, passed, type ResponseCheck } from './response-check.ts'

/** No response is a 5xx: the request was the client's to get wrong, not the server's to fail. */
export const noServerError: ResponseCheck = {
  name: 'no_server_error',
  description: 'No response has a 5xx status.',
  basis: interfaceSays.errorsListed,
  run: ({ response }) =>
    response.status >= 500
      ? failed(`The server answered ${response.status}.`, 'a status below 500', String(response.status))
      : passed('No 5xx.'),
}

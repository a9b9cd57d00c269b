import { errorResponse, MockError } from './mock-error.ts'
import type { MockResponse } from './mock-response.ts'

/**
 * The methods the mock recognises: those RFC 9110 section 9 defines, and PATCH (RFC 5789). A method token is
 * case-sensitive (section 9.1), so `get` is none of them. A path answers one of these it lacks with 405 and `Allow`.
 */
const recognisedMethods: ReadonlySet<string> = new Set([
  'GET',
  'HEAD',
  'POST',
  'PUT',
  'DELETE',
  'CONNECT',
  'OPTIONS',
  'TRACE',
  'PATCH',
])

/**
 * Whether the mock recognises a method token (`recognisedMethods`): any other it answers with 501 on every path.
 * @example isRecognisedMethod('TRACE') // true
 * isRecognisedMethod('FROBNICATE') // false
 */
export function isRecognisedMethod(method: string): boolean {
  return recognisedMethods.has(method)
}

/**
 * 501 `not_implemented`, without `Allow`, to a method the mock does not recognise, on any path: RFC 9110 section 9.1
 * ("An origin server that receives a request method that is unrecognized or not implemented SHOULD respond with the
 * 501 (Not Implemented) status code") and 15.6.2. The same on every transport; the standalone server gives it also to
 * a request its HTTP parser refuses for its method (`answerClientError`), so the message names no method.
 * @example methodNotImplemented().status // 501
 */
export function methodNotImplemented(): MockResponse {
  return errorResponse(new MockError(501, 'not_implemented', notImplementedMessage))
}

const notImplementedMessage =
  'The mock implements this method on no path; it recognises GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS, TRACE ' +
  'and CONNECT, and answers 405 with Allow to one a path lacks.'

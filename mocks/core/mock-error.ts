import { jsonResponse, type MockResponse } from './mock-response.ts'

/** The `Error.code` values the mock uses; listed in `spec/openapi.yaml` (info.description). */
export type ErrorCode =
  | 'unauthorized'
  | 'invalid_parameter'
  | 'invalid_body'
  | 'invalid_json'
  | 'unsupported_media_type'
  | 'not_found'
  | 'gone'
  | 'route_not_found'
  | 'method_not_allowed'
  | 'payload_too_large'
  | 'not_implemented'
  | 'bad_request'
  | 'headers_too_large'
  | 'uri_too_long'
  | 'request_timeout'
  | 'storage_unavailable'
  | 'insufficient_storage'
  | 'invalid_preference'
  | 'invalid_rule'
  | 'invalid_session'
  | 'rule_not_found'
  | 'forbidden'
  | 'conflict'
  | 'unprocessable_entity'
  | 'too_many_requests'
  | 'internal_error'
  | 'bad_gateway'
  | 'service_unavailable'
  | 'gateway_timeout'
  | 'forced_error'

/**
 * A request the mock refuses, mapped to an `Error` body in one place (`errorResponse`).
 * @example throw new MockError(404, 'not_found', 'No pet with id 7.')
 */
export class MockError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    readonly headers?: Record<string, string>,
  ) {
    super(message)
    this.name = 'MockError'
  }
}

/** The `Error {code, message, status}` answer for a refused request; `status` equals the HTTP status. */
export function errorResponse(error: MockError): MockResponse {
  return jsonResponse(
    error.status,
    { code: error.code, message: error.message, status: error.status },
    { 'cache-control': 'no-store', ...error.headers },
  )
}

const internalErrorBody = '{"code":"internal_error","message":"The mock failed to answer this request.","status":500}'

/** 500 `internal_error`: never expected, a bug in the mock, still answered in the `Error` shape. */
export function internalErrorResponse(): MockResponse {
  return { status: 500, headers: { 'content-type': 'application/json' }, body: internalErrorBody }
}

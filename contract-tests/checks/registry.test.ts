import { expect, it } from 'vitest'
import { operations } from '../../spec/operations.ts'
import type { OperationId } from '../../spec/types.ts'
import type { Exchange, ExchangeResponse } from '../shared/exchange.ts'
import { allowOn405 } from './allow-on-405.ts'
import { deprecationHeaders } from './deprecation-headers.ts'
import { errorBodyConformance } from './error-body-conformance.ts'
import { jsonContentType } from './json-content-type.ts'
import { jsonUtf8 } from './json-utf8.ts'
import { noServerError } from './no-server-error.ts'
import { responseChecks } from './registry.ts'
import type { ResponseCheck } from './response-check.ts'
import { responseSchemaConformance } from './response-schema-conformance.ts'
import { statusCodeDocumented } from './status-code-documented.ts'
import { wwwAuthenticate } from './www-authenticate.ts'

function exchange(
  operationId: OperationId,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
  extra: Partial<Exchange> = {},
) {
  const bodyText = typeof body === 'string' ? body : JSON.stringify(body)
  let json: unknown
  let jsonParsed = false
  try {
    json = JSON.parse(bodyText)
    jsonParsed = true
  } catch {
    // left unparsed on purpose
  }
  const response: ExchangeResponse = {
    status,
    headers: { 'content-type': 'application/json', ...headers },
    bodyText,
    json,
    jsonParsed,
    truncated: false,
    durationMs: 1,
  }
  return {
    operationId,
    request: { method: operations[operationId].method, url: 'http://t/v1/pets', headers: {} },
    response,
    results: [],
    ...extra,
  }
}

const outcome = (
  check: ResponseCheck,
  operationId: OperationId,
  ...args: Parameters<typeof exchange> extends [unknown, ...infer Rest] ? Rest : never
) => check.run(exchange(operationId, ...args), operations[operationId])?.outcome

const pet = { id: 1, name: 'Rex', categoryId: 2 }
const error = (status: number) => ({ code: 'x', message: 'y', status })

it('lists every check with a name and a one-line description', () => {
  expect(responseChecks.map((check) => check.name)).toEqual([
    'no_server_error',
    'status_code_documented',
    'json_content_type',
    'json_utf8',
    'response_schema_conformance',
    'error_body_conformance',
    'www_authenticate',
    'allow_on_405',
    'response_field_grammar',
    'response_field_values',
    'date_header',
    'keyed_answer_not_public',
    'deprecation_headers',
    'answer_field_rules',
    'answer_on_wire',
  ])
  for (const check of responseChecks) expect(check.description).toMatch(/^[A-Z].*\.$/)
})

it('no_server_error passes a 404 and fails a 503', () => {
  expect(outcome(noServerError, 'getPet', 404, error(404))).toBe('passed')
  expect(outcome(noServerError, 'getPet', 503, error(503))).toBe('failed')
})

it('status_code_documented passes documented statuses and ranges, fails others', () => {
  expect(outcome(statusCodeDocumented, 'createPet', 201, pet)).toBe('passed')
  expect(outcome(statusCodeDocumented, 'sendMessage', 200, {})).toBe('passed')
  expect(outcome(statusCodeDocumented, 'createPet', 200, pet)).toBe('failed')
  expect(outcome(statusCodeDocumented, 'listPets', 404, error(404))).toBe('failed')
})

it('status_code_documented accepts what the scenario explicitly allows', () => {
  expect(outcome(statusCodeDocumented, 'getPet', 422, error(422), {}, { alsoAccepted: [422] })).toBe('passed')
})

it('status_code_documented names an unfollowed redirect', () => {
  const verdict = statusCodeDocumented.run(
    exchange('listPets', 302, '', { location: 'http://elsewhere.test/' }),
    operations.listPets,
  )
  expect(verdict?.outcome).toBe('failed')
  expect(verdict?.message).toContain('redirect to http://elsewhere.test/')
})

it('json_content_type passes JSON with a charset and fails text/html where the interface lists the answer', () => {
  expect(outcome(jsonContentType, 'listPets', 200, [], { 'content-type': 'application/json; charset=utf-8' })).toBe(
    'passed',
  )
  expect(outcome(jsonContentType, 'listPets', 200, '<html>Pets</html>', { 'content-type': 'text/html' })).toBe('failed')
  expect(outcome(jsonContentType, 'listPets', 401, '<html>Log in</html>', { 'content-type': 'text/html' })).toBe(
    'failed',
  )
})

it('json_content_type only warns of an error response the interface does not list', () => {
  expect(outcome(jsonContentType, 'listPets', 502, '<html>Bad gateway</html>', { 'content-type': 'text/html' })).toBe(
    'warning',
  )
  expect(outcome(jsonContentType, 'createPet', 413, 'Payload Too Large', { 'content-type': 'text/plain' })).toBe(
    'warning',
  )
})

it('response_schema_conformance passes a pet list with extra fields, fails a wrapped list and a string id', () => {
  expect(outcome(responseSchemaConformance, 'listPets', 200, [{ ...pet, tags: [] }])).toBe('passed')
  expect(outcome(responseSchemaConformance, 'listPets', 200, { items: [pet] })).toBe('failed')
  expect(outcome(responseSchemaConformance, 'getPet', 200, { ...pet, id: '1' })).toBe('failed')
})

it('response_schema_conformance fails a body that is not JSON where the spec gives a schema', () => {
  expect(outcome(responseSchemaConformance, 'listPets', 200, 'not json')).toBe('failed')
})

it('error_body_conformance passes a well-formed Error, fails a mismatched status, an empty code, a non-object', () => {
  expect(outcome(errorBodyConformance, 'getPet', 404, error(404))).toBe('passed')
  expect(outcome(errorBodyConformance, 'getPet', 404, error(400))).toBe('failed')
  expect(outcome(errorBodyConformance, 'getPet', 404, { code: '', message: 'm', status: 404 })).toBe('failed')
  expect(outcome(errorBodyConformance, 'getPet', 404, 'Not Found')).toBe('failed')
  expect(outcome(errorBodyConformance, 'sendMessage', 400, { detail: 'Invalid JSON' })).toBe('failed')
  expect(outcome(errorBodyConformance, 'getPet', 200, pet)).toBeUndefined()
})

it('error_body_conformance only warns of an error response the interface does not list, citing the spec', () => {
  const verdict = errorBodyConformance.run(exchange('listPets', 422, { detail: 'bad limit' }), operations.listPets)
  expect(verdict?.outcome).toBe('warning')
  expect(verdict?.basis?.source).toBe('x-mock-behaviour')
  expect(outcome(errorBodyConformance, 'getPet', 400, { detail: 'bad id' })).toBe('warning')
})

it('www_authenticate fails a 401 without a challenge, whatever the request, and warns of a scheme not Bearer', () => {
  expect(outcome(wwwAuthenticate, 'listPets', 401, error(401), { 'www-authenticate': 'Bearer realm="p"' })).toBe(
    'passed',
  )
  expect(outcome(wwwAuthenticate, 'createPet', 401, error(401), { 'www-authenticate': 'bearer' })).toBe('passed')
  expect(outcome(wwwAuthenticate, 'getPet', 401, error(401))).toBe('failed')
  expect(outcome(wwwAuthenticate, 'getPet', 401, error(401), { 'www-authenticate': '' })).toBe('failed')
  expect(wwwAuthenticate.run(withMethod('PATCH', 401, error(401)), operations.listPets)?.outcome).toBe('failed')
  expect(outcome(wwwAuthenticate, 'listPets', 401, error(401), { 'www-authenticate': 'Basic realm="p"' })).toBe(
    'warning',
  )
  expect(outcome(wwwAuthenticate, 'listPets', 403, error(403))).toBeUndefined()
})

it("allow_on_405 fails a 405 without Allow or with one that leaves out the path's own method", () => {
  expect(allowOn405.run(withMethod('PUT', 405, error(405)), operations.listPets)?.outcome).toBe('failed')
  expect(allowOn405.run(withMethod('HEAD', 405, ''), operations.listPets)?.outcome).toBe('failed')
  expect(allowOn405.run(withMethod('PUT', 405, error(405), { allow: 'GET, POST' }), operations.listPets)?.outcome).toBe(
    'passed',
  )
  expect(allowOn405.run(withMethod('PUT', 405, error(405), { allow: '' }), operations.listPets)?.outcome).toBe('failed')
  expect(allowOn405.run(withMethod('PUT', 405, error(405), { allow: 'PUT' }), operations.getPet)?.outcome).toBe(
    'failed',
  )
  expect(outcome(allowOn405, 'listPets', 404, error(404))).toBeUndefined()
})

it('deprecation_headers only warns, and only for the deprecated operation', () => {
  expect(
    outcome(deprecationHeaders, 'getPet', 200, pet, { deprecation: '@1', sunset: 'Thu, 05 Dec 2030 00:00:00 GMT' }),
  ).toBe('passed')
  expect(outcome(deprecationHeaders, 'getPet', 200, pet)).toBe('warning')
  expect(outcome(deprecationHeaders, 'listPets', 200, [pet])).toBeUndefined()
})

const withMethod = (method: string, status: number, body: unknown, headers: Record<string, string> = {}) => {
  const built = exchange('listPets', status, body, headers)
  return { ...built, request: { ...built.request, method } }
}

it("judges another method than the operation's by the checks that hold for any answer, never by its statuses", () => {
  const notImplemented = withMethod('FROB', 501, error(501))
  expect(noServerError.run(notImplemented, operations.listPets)).toBeUndefined()
  expect(noServerError.run(withMethod('PATCH', 500, error(500)), operations.listPets)?.outcome).toBe('failed')
  expect(noServerError.run(withMethod('GET', 501, error(501)), operations.listPets)?.outcome).toBe('failed')
  expect(statusCodeDocumented.run(withMethod('PATCH', 405, error(405)), operations.listPets)).toBeUndefined()
  expect(statusCodeDocumented.run(withMethod('HEAD', 404, ''), operations.listPets)?.outcome).toBe('failed')
  // A HEAD refused as a method the server lacks is head_like_get's to judge, as a deviation.
  expect(statusCodeDocumented.run(withMethod('HEAD', 405, ''), operations.listPets)).toBeUndefined()
  expect(noServerError.run(withMethod('HEAD', 501, ''), operations.listPets)).toBeUndefined()
  expect(noServerError.run(withMethod('HEAD', 500, ''), operations.listPets)?.outcome).toBe('failed')
  expect(responseSchemaConformance.run(withMethod('PATCH', 200, 'GET, POST'), operations.listPets)).toBeUndefined()
  const allowed = withMethod('OPTIONS', 200, 'GET, HEAD, POST', { 'content-type': 'text/plain' })
  expect(jsonContentType.run(allowed, operations.listPets)).toBeUndefined()
  expect(
    errorBodyConformance.run(withMethod('PATCH', 405, '<pre>Cannot PATCH</pre>'), operations.listPets)?.outcome,
  ).toBe('warning')
  expect(errorBodyConformance.run(withMethod('PATCH', 401, 'Unauthorized'), operations.listPets)?.outcome).toBe(
    'warning',
  )
})

it('json_content_type says nothing of an answer without a body, and fails a labelled body that is not JSON', () => {
  expect(outcome(jsonContentType, 'getPet', 404, '', { 'content-type': '' })).toBeUndefined()
  expect(outcome(jsonContentType, 'getPet', 404, 'Not Found', { 'content-type': 'text/plain' })).toBe('failed')
})

it('json_utf8 passes UTF-8 JSON, labelled or not, fails a BOM and other bytes, warns of another charset', () => {
  const read = (extra: Partial<ExchangeResponse>, headers: Record<string, string> = {}) => {
    const built = exchange('getPet', 200, { ...pet, name: 'Zoë' }, headers)
    return jsonUtf8.run({ ...built, response: { ...built.response, ...extra } }, operations.getPet)?.outcome
  }
  expect(read({ bom: false, utf8: true })).toBe('passed')
  expect(read({}, { 'content-type': 'application/json; charset=utf-8' })).toBe('passed')
  expect(read({ bom: true, utf8: true })).toBe('failed')
  expect(read({ utf8: false })).toBe('failed')
  expect(read({}, { 'content-type': 'application/json;charset=ISO-8859-1' })).toBe('warning')
  const ascii = exchange('listPets', 200, [pet], { 'content-type': 'application/json; charset=iso-8859-1' })
  expect(jsonUtf8.run(ascii, operations.listPets)?.outcome).toBe('passed')
  expect(
    outcome(jsonUtf8, 'listPets', 502, '<html>Bad gateway</html>', { 'content-type': 'text/html' }),
  ).toBeUndefined()
})

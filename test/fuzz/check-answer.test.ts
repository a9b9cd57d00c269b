import { expect, it } from 'vitest'
import { checkAnswer } from './check-answer.ts'
import type { FuzzAnswer } from './fuzz-answer.ts'

const json = { 'content-type': 'application/json' }
const error = (status: number, code = 'invalid_parameter', message = 'Bad.') =>
  JSON.stringify({ code, message, status })
const response = (status: number, body = '', headers: Record<string, string> = json): FuzzAnswer => ({
  kind: 'response',
  status,
  headers,
  body,
})

it.each<[string, FuzzAnswer, string]>([
  ['a 200 list', response(200, '[]'), 'GET'],
  ['a 201 with a pet', response(201, '{"id":1,"name":"Rex","categoryId":1}'), 'POST'],
  ['a 204 preflight without content-type', response(204, '', {}), 'OPTIONS'],
  ['a 400 Error', response(400, error(400)), 'GET'],
  [
    'a 431 Error with a charset',
    response(431, error(431, 'headers_too_large'), { 'content-type': 'application/json; charset=utf-8' }),
    'GET',
  ],
  ['a 401 to HEAD, JSON-typed but bodiless', response(401, ''), 'HEAD'],
  ['the documented 501 not_implemented', response(501, error(501, 'not_implemented')), 'GET'],
])('passes %s', (_case, answer, method) => {
  expect(checkAnswer(answer, { method })).toEqual([])
})

it.each<[string, FuzzAnswer, string, string]>([
  ['no answer at all', { kind: 'no-answer', reason: 'connection closed without a response' }, 'GET', 'answered:'],
  ['a final 1xx', response(100, '', {}), 'GET', 'final_status:'],
  ['a 500 Error', response(500, error(500, 'internal_error')), 'GET', 'no_server_error: status 500'],
  ['a 503 to HEAD', response(503, ''), 'HEAD', 'no_server_error:'],
  ['a 501 with another code', response(501, error(501, 'internal_error')), 'GET', 'error_body: a 501 with code'],
  ['a bodiless 417 from node:http', response(417, '', {}), 'GET', 'error_body: a 417 with content-type null'],
  ['a 400 in text/plain', response(400, error(400), { 'content-type': 'text/plain' }), 'GET', 'error_body:'],
  ['a 400 with a body that is not JSON', response(400, 'Bad Request'), 'GET', 'not JSON'],
  ['a 400 with a JSON array', response(400, '[]'), 'GET', 'not a JSON object'],
  ['a 404 without code', response(404, JSON.stringify({ message: 'x', status: 404 })), 'GET', 'Error.code'],
  ['a 404 with an empty code', response(404, error(404, '')), 'GET', 'Error.code'],
  ['a 404 with an empty message', response(404, error(404, 'not_found', '')), 'GET', 'Error.message'],
  ['a 413 whose body says 400', response(413, error(400, 'payload_too_large')), 'POST', 'Error.status is 400'],
  [
    'a 405 whose status is a string',
    response(405, JSON.stringify({ code: 'x', message: 'y', status: '405' })),
    'PUT',
    'Error.status is "405"',
  ],
])('fails %s', (_case, answer, method, problem) => {
  const problems = checkAnswer(answer, { method })
  expect(problems.join('\n')).toContain(problem)
})

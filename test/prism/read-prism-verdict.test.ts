import { expect, it } from 'vitest'
import { readPrismVerdict } from './read-prism-verdict.ts'

const mockError = JSON.stringify({
  code: 'invalid_parameter',
  message: 'The "limit" query parameter must be an integer from 1 to 100, got "0".',
  status: 400,
})

it('finds nothing in an answer without sl-violations', () => {
  expect(readPrismVerdict(new Headers({ 'content-type': 'application/json' }), mockError)).toEqual({
    request: [],
    response: [],
  })
})

it('splits sl-violations into request and response findings', () => {
  const headers = new Headers({
    'sl-violations': JSON.stringify([
      {
        location: ['request', 'query', 'limit'],
        severity: 'Error',
        code: 'minimum',
        message: 'Request query parameter limit must be >= 1',
      },
      {
        location: ['response'],
        severity: 'Warning',
        message: 'Unable to match the returned status code with those defined in the document: 200,400,401',
      },
    ]),
  })
  const verdict = readPrismVerdict(headers, mockError)
  expect(verdict.request).toEqual([expect.objectContaining({ location: ['request', 'query', 'limit'] })])
  expect(verdict.response).toEqual([expect.objectContaining({ severity: 'Warning' })])
  expect(verdict.prismAnswer).toBeUndefined()
})

it('counts a truncated sl-violations header as a response violation', () => {
  const headers = new Headers({ 'sl-violations': 'Too many violations! [{"location":["response","body"' })
  expect(readPrismVerdict(headers, '[]').response).toEqual([
    expect.objectContaining({ location: ['response'], severity: 'Error' }),
  ])
})

it('names the error when Prism answers by itself', () => {
  const body = JSON.stringify({
    type: 'https://stoplight.io/prism/errors#UNAUTHORIZED',
    title: 'Invalid security scheme used',
    status: 401,
    detail: '',
  })
  expect(readPrismVerdict(new Headers({ 'content-type': 'application/problem+json' }), body).prismAnswer).toBe(
    'UNAUTHORIZED',
  )
})

it("recognises the refusal of Prism's body parser", () => {
  const body = '{"error":{"code":"invalid_json","message":"Invalid JSON"}}'
  expect(readPrismVerdict(new Headers({ 'content-type': 'application/json; charset=utf-8' }), body).prismAnswer).toBe(
    'BODY_PARSER',
  )
})

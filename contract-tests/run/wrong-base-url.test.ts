import { expect, it } from 'vitest'
import type { Exchange } from '../shared/exchange.ts'
import { wrongBaseUrl } from './wrong-base-url.ts'

const base = 'http://127.0.0.1:4010/v1'

/** An exchange of `method` on `path` answered `status` with `type`. */
function answered(method: string, path: string, status: number, type: string): Exchange {
  return {
    operationId: 'listPets',
    request: { method, url: `${base}${path}`, headers: {} },
    response: { status, headers: { 'content-type': type }, bodyText: '', durationMs: 1 },
  } as unknown as Exchange
}

it('says the base URL is probably wrong when nearly every answer is a 404 or an HTML page', () => {
  const exchanges = [1, 2, 3, 4].map(() => answered('GET', '/pets', 404, 'text/html'))
  expect(wrongBaseUrl(exchanges, base)).toMatch(/^The base URL is probably wrong: 4 of 4 answers/)
})

it('says nothing when the API answered a 2xx in JSON: the 404s are a route the service lacks', () => {
  const exchanges = [
    answered('GET', '/pets?limit=100', 200, 'application/json'),
    ...[1, 2, 3, 4, 5, 6, 7, 8, 9].map(() => answered('POST', '/pets', 404, 'text/html; charset=utf-8')),
  ]
  expect(wrongBaseUrl(exchanges, base)).toBeUndefined()
})

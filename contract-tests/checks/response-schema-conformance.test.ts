import { expect, it } from 'vitest'
import { operations } from '../../spec/operations.ts'
import { readJsonBody } from '../client/read-json-body.ts'
import type { Exchange, ExchangeResponse } from '../shared/exchange.ts'
import { responseSchemaConformance } from './response-schema-conformance.ts'

function listAnswer(bodyText: string): Exchange & { response: ExchangeResponse } {
  const response = {
    status: 200,
    headers: {},
    bodyText,
    truncated: false,
    durationMs: 1,
    ...readJsonBody(bodyText, 128),
  }
  return {
    operationId: 'listPets',
    request: { method: 'GET', url: 'http://t/v1/pets', headers: {} },
    response,
    results: [],
  }
}

const pets = (count: number) =>
  JSON.stringify(Array.from({ length: count }, (_, index) => ({ id: index + 1, name: 'Rex', categoryId: 1 })))

it('fails a list of 75,000 pets at once, saying how many items it judged of how many', () => {
  const verdict = responseSchemaConformance.run(listAnswer(pets(75_000)), operations.listPets)
  expect(verdict?.outcome).toBe('failed')
  expect(verdict?.message).toMatch(/<=100 items\. Judged: the first 101 of its 75,000 items, all read as JSON\.$/)
})

it('judges a page of 100 pets whole, saying nothing of a cut', () => {
  expect(responseSchemaConformance.run(listAnswer(pets(100)), operations.listPets)).toEqual({
    outcome: 'passed',
    message: 'Valid 200 body.',
  })
})

import { expect, it } from 'vitest'
import type { Coverage } from '../shared/coverage.ts'
import { uncoveredItems } from './uncovered-items.ts'

const coverage = (operations: Coverage['operations']): Coverage => ({ operations, ratio: 0, covered: 0, total: 0 })

it('names an operation never called once, with the statuses and parameters that left unseen', () => {
  const items = uncoveredItems(
    coverage([
      {
        operationId: 'createPet',
        requests: 0,
        statuses: [
          { status: '201', seen: false },
          { status: '400', seen: false },
        ],
        parameters: [],
      },
    ]),
  )
  expect(items).toEqual(['createPet (never called: 201, 400)'])
})

it('names each unseen status and parameter of an operation that was called, and nothing for one fully seen', () => {
  const items = uncoveredItems(
    coverage([
      {
        operationId: 'listPets',
        requests: 4,
        statuses: [
          { status: '200', seen: true },
          { status: '401', seen: false },
        ],
        parameters: [
          { name: 'limit', seen: true },
          { name: 'status', seen: false },
        ],
      },
      { operationId: 'getPet', requests: 1, statuses: [{ status: '200', seen: true }], parameters: [] },
    ]),
  )
  expect(items).toEqual(['listPets 401', 'listPets parameter status'])
})

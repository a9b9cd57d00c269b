import { expect, it } from 'vitest'
import { limitRule } from '../../spec/schemas.ts'
import { listBounds } from './list-bounds.ts'

it('bounds a list by the limit sent, or the default with none', () => {
  expect(listBounds([['limit', '7']], false).limit).toBe(7)
  expect(listBounds([], false).limit).toBe(limitRule.default)
})

it('bounds a list by the maximum when the limit is given twice, as for any value the server cannot read', () => {
  // A server that ignores limit=1&limit=1 as it ignores limit=abc answers the default 20: not "more than 1".
  expect(
    listBounds(
      [
        ['limit', '1'],
        ['limit', '1'],
      ],
      false,
    ).limit,
  ).toBe(limitRule.maximum)
  expect(
    listBounds(
      [
        ['limit', '5'],
        ['limit', '1000'],
      ],
      false,
    ).limit,
  ).toBe(limitRule.maximum)
})

it('allows only the statuses sent, and forgives an empty one as no filter only when forgiving', () => {
  expect(
    listBounds(
      [
        ['status', 'sold'],
        ['status', 'pending'],
      ],
      false,
    ).statuses,
  ).toEqual(new Set(['sold', 'pending']))
  expect(listBounds([['status', '']], true).statuses).toBeUndefined()
  expect(listBounds([['status', '']], false).statuses).toEqual(new Set(['']))
})

it('cites the sentence of the rule a list breaks, whichever check judged it', async () => {
  const { judgeList } = await import('./list-bounds.ts')
  const { interfaceSays } = await import('../shared/citations.ts')
  const answer = (pets: unknown) => ({
    operationId: 'listPets' as const,
    request: { method: 'GET', url: 'http://t/v1/pets', headers: {} },
    response: {
      status: 200,
      headers: {},
      bodyText: JSON.stringify(pets),
      json: pets,
      jsonParsed: true,
      truncated: false,
      durationMs: 0,
    },
    results: [],
  })
  const pet = (id: number, status: string) => ({ id, name: 'Rex', categoryId: 1, status })
  const one: Array<[string, string]> = [['limit', '1']]
  expect(judgeList(answer([pet(1, 'sold'), pet(2, 'sold')]), one, false).basis).toBe(interfaceSays.limit)
  const filtered: Array<[string, string]> = [['status', 'sold']]
  expect(judgeList(answer([pet(1, 'pending')]), filtered, false).basis).toBe(interfaceSays.statusFilter)
  expect(judgeList(answer({ pets: [] }), [], false).basis).toBe(interfaceSays.bareArray)
  expect(judgeList(answer([pet(1, 'sold'), pet(1, 'sold')]), [], false).basis).toBe(interfaceSays.uniqueId)
})

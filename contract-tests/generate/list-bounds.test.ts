import { expect, it } from 'vitest'
import { listedResource, listLimit } from '../../spec/resources.ts'
import { listBounds } from './list-bounds.ts'

const pets = listedResource('listPets')
const limitRule = listLimit('listPets')

it('bounds a list by the limit sent, or the default with none', () => {
  expect(listBounds(pets, [['limit', '7']], false).limit).toBe(7)
  expect(listBounds(pets, [], false).limit).toBe(limitRule.default)
})

it('bounds a list by the maximum when the limit is given twice, as for any value the server cannot read', () => {
  // A server that ignores limit=1&limit=1 as it ignores limit=abc answers the default 20: not "more than 1".
  expect(
    listBounds(
      pets,
      [
        ['limit', '1'],
        ['limit', '1'],
      ],
      false,
    ).limit,
  ).toBe(limitRule.maximum)
  expect(
    listBounds(
      pets,
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
      pets,
      [
        ['status', 'sold'],
        ['status', 'pending'],
      ],
      false,
    ).allowed.get('status'),
  ).toEqual(new Set(['sold', 'pending']))
  expect(listBounds(pets, [['status', '']], true).allowed.has('status')).toBe(false)
  expect(listBounds(pets, [['status', '']], false).allowed.get('status')).toEqual(new Set(['']))
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
  expect(judgeList(pets, answer([pet(1, 'sold'), pet(2, 'sold')]), one, false).basis).toEqual(interfaceSays.limit)
  const filtered: Array<[string, string]> = [['status', 'sold']]
  expect(judgeList(pets, answer([pet(1, 'pending')]), filtered, false).basis).toEqual(interfaceSays.statusFilter)
  expect(judgeList(pets, answer({ pets: [] }), [], false).basis).toEqual(interfaceSays.bareArray)
  expect(judgeList(pets, answer([pet(1, 'sold'), pet(1, 'sold')]), [], false).basis).toEqual(interfaceSays.uniqueId)
})

it('judges any list by its own rules: a resource without filters and with another limit', async () => {
  const { judgeList } = await import('./list-bounds.ts')
  const limit = { parameter: 'size', minimum: 1, maximum: 3, default: 2 }
  const things = {
    ...pets,
    noun: 'thing',
    plural: 'things',
    list: { operationId: pets.list.operationId, filters: [], limit },
  }
  expect(listBounds(things, [['status', 'sold']], false).allowed.size).toBe(0)
  expect(listBounds(things, [], false).limit).toBe(2)
  expect(listBounds(things, [['size', '4']], false).limit).toBe(3)
  const exchange = (body: unknown) =>
    ({ response: { status: 200, headers: {}, bodyText: JSON.stringify(body), json: body }, results: [] }) as never
  const three = [{ id: 1 }, { id: 2 }, { id: 3 }]
  expect(judgeList(things, exchange(three), [], false)).toMatchObject({
    ok: false,
    message: '3 things returned, more than 2',
  })
  expect(judgeList(things, exchange(three), [['size', '3']], false).ok).toBe(true)
})

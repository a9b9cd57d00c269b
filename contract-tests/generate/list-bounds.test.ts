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

import { expect, it } from 'vitest'
import { limitRule } from '../../spec/schemas.ts'
import { listBounds } from './list-bounds.ts'

it('bounds a list by the larger of two valid limits, whichever a server takes', () => {
  expect(
    listBounds(
      [
        ['limit', '5'],
        ['limit', '7'],
      ],
      false,
    ).limit,
  ).toBe(7)
  expect(listBounds([], false).limit).toBe(limitRule.default)
})

it('bounds a list by the maximum when one of the limits sent is invalid', () => {
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

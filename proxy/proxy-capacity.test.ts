import { expect, it } from 'vitest'
import { byteBudget, proxyCapacity } from './proxy-capacity.ts'

it('forwards at most a third of the sockets left after the idle ones, keeps twice as many for clients', () => {
  expect(proxyCapacity(935)).toMatchObject({ inFlight: 269, connections: 538 })
  expect(proxyCapacity(18_975)).toMatchObject({ inFlight: 1_000 })
  expect(proxyCapacity(935, 100)).toMatchObject({ inFlight: 100, connections: 707 })
})

it('takes bytes while they fit and gives them back', () => {
  const budget = byteBudget(10)
  expect(budget.take(6)).toBe(true)
  expect(budget.take(6)).toBe(false)
  budget.give(6)
  expect(budget.take(10)).toBe(true)
  expect(budget.held).toBe(10)
})

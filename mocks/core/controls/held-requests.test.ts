import { expect, it } from 'vitest'
import { MockError } from '../mock-error.ts'
import { createHeldRequests } from './held-requests.ts'

it('holds no more than a limit a server lowered it to, and never raises it again', () => {
  const held = createHeldRequests(1000)
  held.limitTo(2)
  held.limitTo(5)
  held.take()
  held.take()
  expect(() => held.take()).toThrow(MockError)
  expect(() => held.take()).toThrow(/holds 2 delayed or timed-out requests already/)
  held.release()
  expect(() => held.take()).not.toThrow()
  expect(held.max).toBe(2)
})

import { expect, it } from 'vitest'
import { nestsDeeperThan } from './json-nesting.ts'

it('finds nesting past the limit in arrays and objects alike', () => {
  expect(nestsDeeperThan('[[[1]]]', 3)).toBe(false)
  expect(nestsDeeperThan('[[[1]]]', 2)).toBe(true)
  expect(nestsDeeperThan('{"a":{"b":[{}]}}', 3)).toBe(true)
  expect(nestsDeeperThan('[{"id":1},{"id":2},{"id":3}]', 2)).toBe(false)
})

it('does not count brackets inside strings, escaped quotes included', () => {
  expect(nestsDeeperThan('["[[[[[", "\\"[[[[", {"k": "{{{{"}]', 2)).toBe(false)
})

it('answers for a million levels without recursing, where a parser or a serializer would overflow its stack', () => {
  expect(nestsDeeperThan(`${'['.repeat(1_000_000)}${']'.repeat(1_000_000)}`, 128)).toBe(true)
  expect(nestsDeeperThan(`${'[1,'.repeat(100_000)}1${']'.repeat(100_000)}`, 100_000)).toBe(false)
})

import { expect, it } from 'vitest'
import { startsWithLetters } from './starts-with-letters.ts'

it('matches its letters in any case at the start of the text', () => {
  expect(startsWithLetters('Bearer key', 'bearer')).toBe(true)
  expect(startsWithLetters('hOsT', 'host')).toBe(true)
  expect(startsWithLetters('host', 'host')).toBe(true)
})

it('refuses a shorter text, another letter, and a character that is no letter', () => {
  expect(startsWithLetters('bear', 'bearer')).toBe(false)
  expect(startsWithLetters('Hosx', 'host')).toBe(false)
  expect(startsWithLetters('Ho\u0013t', 'host')).toBe(false)
  expect(startsWithLetters('Basic key', 'bearer')).toBe(false)
})

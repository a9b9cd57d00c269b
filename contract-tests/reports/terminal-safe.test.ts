import { expect, it } from 'vitest'
import { terminalSafe } from './terminal-safe.ts'

it('writes escape sequences, carriage returns and C1 controls as visible escapes', () => {
  const hostile = 'a\u001b]0;title\u0007b\rc\u009b31md\u202Ee'
  expect(terminalSafe(hostile)).toBe('a\\u001B]0;title\\u0007b\\u000Dc\\u009B31md\\u202Ee')
})

it('keeps tabs, newlines and printable text of any script as they are', () => {
  const text = 'Rex\tthe 🐕\nnamed «Ñandú» 名前'
  expect(terminalSafe(text)).toBe(text)
})

import { expect, it } from 'vitest'
import { filedPieces, printfBytes } from './printf-bytes.ts'
import { redactedKey } from './redact.ts'

it('makes a run of 64 bytes or more of one byte by a repeat count, the commands grouped', () => {
  const body = `{"name":"a-${'x'.repeat(65_536)}","k":"${redactedKey}"}`
  expect(printfBytes(body)).toBe(
    `{ printf '%b' '{"name":"a-'; printf '%65536s' '' | tr ' ' 'x'; ` +
      `printf '%b%s%b' '","k":"' "${redactedKey}" '"}'; }`,
  )
  expect(printfBytes(' '.repeat(64))).toBe("printf '%64s' ''")
  expect(printfBytes('\u00ff'.repeat(100))).toBe("printf '%100s' '' | tr ' ' '\\377'")
  expect(printfBytes('-'.repeat(63))).toBe(`printf '%b' '${'-'.repeat(63)}'`)
})

it('reads a long piece from a file of the folder given, named by its bytes, and never the key', () => {
  const long = Array.from({ length: 400 }, (_, index) => String.fromCharCode(33 + ((index * 7) % 90))).join('')
  const body = `${long}${redactedKey}short`
  const [piece] = filedPieces(body)
  expect(piece?.latin1).toBe(long)
  expect(piece?.name).toMatch(/^[0-9a-f]{16}\.bin$/)
  expect(filedPieces(body)).toHaveLength(1)
  expect(printfBytes(body, '/tmp/reports/request-bodies')).toBe(
    `{ cat '/tmp/reports/request-bodies/${piece?.name}'; printf '%s%b' "${redactedKey}" 'short'; }`,
  )
  expect(printfBytes(body)).toContain(long.slice(0, 20))
})

import { expect, it } from 'vitest'
import { parseJson } from './parse-json.ts'
import { stringifyJson } from './stringify-json.ts'

it('writes a bigint as its exact digits', () => {
  expect(stringifyJson({ id: 9223372036854775807n, name: 'Rex' })).toBe('{"id":9223372036854775807,"name":"Rex"}')
})

it('gives what JSON.stringify gives for values without a bigint, indented or not', () => {
  const value = { a: [1, 'x', null], b: { c: true } }
  expect(stringifyJson(value)).toBe(JSON.stringify(value))
  expect(stringifyJson(value, 2)).toBe(JSON.stringify(value, null, 2))
})

it('round-trips with parseJson', () => {
  const text = '[{"id":-9223372036854775808,"categoryId":9007199254740993}]'
  expect(stringifyJson(parseJson(text))).toBe(text)
})

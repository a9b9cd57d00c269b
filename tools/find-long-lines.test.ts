import { expect, it } from 'vitest'
import { findLongLines, isLineChecked } from './find-long-lines.ts'

it('reports each line over the limit with its number and length', () => {
  const text = ['short', 'x'.repeat(121), 'y'.repeat(120), `  ${'z'.repeat(130)}`].join('\n')
  expect(findLongLines('a.ts', text, 120)).toEqual([
    { path: 'a.ts', line: 2, length: 121 },
    { path: 'a.ts', line: 4, length: 132 },
  ])
})

it('counts characters, not UTF-16 units or a trailing carriage return', () => {
  expect(findLongLines('a.ts', `${'🔑'.repeat(120)}\r\n`, 120)).toEqual([])
})

it('lets a Markdown table row run long, but not a Markdown paragraph', () => {
  const row = `| ${'cell '.repeat(40)}|`
  expect(findLongLines('README.md', row, 120)).toEqual([])
  expect(findLongLines('README.md', 'word '.repeat(30), 120)).toHaveLength(1)
  expect(findLongLines('notes.ts', row, 120)).toHaveLength(1)
})

it('checks source and documentation, not generated or vendored files', () => {
  expect(isLineChecked('mocks/core/route-table.ts')).toBe(true)
  expect(isLineChecked('docs/decisions/001-mock-behaviour-where-the-interface-is-silent.md')).toBe(true)
  expect(isLineChecked('spec/generated/openapi-types.ts')).toBe(false)
  expect(isLineChecked('mocks/browser/public/mockServiceWorker.js')).toBe(false)
  expect(isLineChecked('fixtures/pets.json')).toBe(false)
})

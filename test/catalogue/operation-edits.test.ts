import { expect, it } from 'vitest'
import { codeEdit, specEdit } from './operation-edits.ts'

const head = 'const operations: Record<OperationId, Operation> = {'
const table = codeEdit('mocks/core/create-pet-store-core.ts', ["import { b } from './b.ts'"], [[head, ' b,']])

/** The tokens of a source, its layout aside. */
const tokens = (source: string) => source.replace(/[\s,]+/g, ' ').trim()

it('adds an entry to a table however the formatter laid it out, on one line or on many', () => {
  const oneLine = `import { a } from './a.ts'\n\n${head} a, c }\n`
  const manyLines = `import { a } from './a.ts'\n\n${head}\n  a,\n\n  c,\n}\n`
  const expected = tokens(`import { b } from './b.ts' import { a } from './a.ts' ${head} b, a, c }`)
  expect(tokens(table.apply(oneLine))).toBe(expected)
  expect(tokens(table.apply(manyLines))).toBe(expected)
})

it('fails naming the declaration when the file no longer has it', () => {
  expect(() => table.apply('const renamed = { a }\n')).toThrow(/expected the declaration .*operations.* nowhere/)
})

it('edits the spec by its structure, keeping its comments and the rest of it', () => {
  const edit = specEdit((spec) => spec.setIn(['paths', '/pets', 'post', 'operationId'], 'addPet'))
  const text =
    '# the spec\npaths:\n  /pets:\n    post:\n      operationId: createPet # the creator\n      tags: [pets]\n'
  expect(edit.apply(text)).toBe(text.replace('createPet', 'addPet'))
})

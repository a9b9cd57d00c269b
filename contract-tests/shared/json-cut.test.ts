import { expect, it } from 'vitest'
import { jsonCutNote, listLength } from './json-cut.ts'

const cut = { leftOut: 0, keptEach: 2, stringsCut: 0 }
const cutList = { json: [1, 2], jsonCut: { ...cut, members: 75_000, kept: 2, leftOut: 74_998 } }

it('counts the items of a list the client cut, and of a whole one', () => {
  expect(listLength(cutList)).toBe(75_000)
  expect(listLength({ json: [1, 2, 3] })).toBe(3)
  expect(listLength({ json: { id: 1 } })).toBeUndefined()
})

it('says what of a cut body was judged, and nothing of a whole one', () => {
  expect(jsonCutNote(cutList)).toBe('Judged: the first 2 of its 75,000 items, all read as JSON.')
  expect(jsonCutNote({ json: { k0: 0 }, jsonCut: { ...cut, members: 300_000, kept: 1, leftOut: 299_999 } })).toBe(
    'Judged: 1 of its 300,000 fields (the first, and those a schema names), all read as JSON.',
  )
  expect(jsonCutNote({ json: { a: [1] }, jsonCut: { ...cut, members: 1, kept: 1, leftOut: 9, stringsCut: 2 } })).toBe(
    'Judged: the first 2 members of each array and object in it (9 left out) and the start of 2 of its strings, ' +
      'all read as JSON.',
  )
  expect(jsonCutNote({ json: [1] })).toBeUndefined()
})

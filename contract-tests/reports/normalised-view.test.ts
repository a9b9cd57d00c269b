import { expect, it } from 'vitest'
import { writtenSpan } from './mapped-text.ts'
import { normalisedView } from './normalised-view.ts'

it('folds case and full-width letters and drops format characters, separators and white space', () => {
  expect(normalisedView({ text: 'Ｓｋ\u200b-L i\u00adv\u200de\u2060 ß\tX' }).text).toBe('sk-livessx')
})

it('reads a decomposed letter as the composed one', () => {
  expect(normalisedView({ text: 'U\u0308' }).text).toBe(normalisedView({ text: 'Ü' }).text)
})

it('maps each unit back to the written character it came from, dropped ones in between', () => {
  const view = normalisedView({ text: 'a b\u200bＣ' })
  expect(view.text).toBe('abc')
  expect(writtenSpan(view, 1, 3)).toEqual({ start: 2, end: 5 })
})

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

it('drops controls, terminal escape sequences and combining marks between the characters', () => {
  const view = normalisedView({ text: 's\u0000k\u001b[0m-\u001b[1;31ml\u0301i\u009b2Kv\u001b]0;title\u0007e' })
  expect(view.text).toBe('sk-live')
})

it('reads a letter and the marks after it, decomposed or composed, as the base letter', () => {
  expect(normalisedView({ text: 'Ünïc\u0327ode' }).text).toBe('unicode')
})

it('reads header bytes that node took for Latin-1 as the UTF-8 they are', () => {
  const fullWidth = Buffer.from('Ｓｋ\u200b-\u00adＬｉｖｅ', 'utf8').toString('latin1')
  const view = normalisedView({ text: fullWidth })
  expect(view.text).toBe('sk-live')
  expect(writtenSpan(view, 0, 1)).toEqual({ start: 0, end: 3 })
})

import { expect, it } from 'vitest'
import { escapeMarkup } from './escape-markup.ts'

it('escapes the five characters that are special in markup', () => {
  expect(escapeMarkup(`<a href="x" title='y'>&amp;</a>`)).toBe(
    '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;amp;&lt;/a&gt;',
  )
})

it('writes characters XML 1.0 forbids as visible escapes', () => {
  expect(escapeMarkup('\u0000\u0007\u001b[0m\u007f\ud800\ufffe\uffff')).toBe(
    '\\u0000\\u0007\\u001B[0m\u007f\\uD800\\uFFFE\\uFFFF',
  )
})

it('keeps tabs, line breaks and characters beyond the basic plane', () => {
  expect(escapeMarkup('a\tb\nc\r\nd 🐕 é')).toBe('a\tb\nc\r\nd 🐕 é')
})

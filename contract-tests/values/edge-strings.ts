import fc from 'fast-check'

/**
 * Strings a careless implementation mangles: empty, long, astral emoji and ZWJ sequences, combining
 * marks, right-to-left text and controls, markup and SQL, JSON and shell escapes, NUL and other controls,
 * strings that look like numbers, backslashes, quotes, tabs and newlines.
 */
export const edgeStrings: ReadonlyArray<string> = [
  '',
  ' ',
  'x'.repeat(1000),
  '🐕',
  '👩‍👩‍👧‍👦 family',
  'é (e + combining acute)'.replace('é', 'e\u0301'),
  'Z̤͔ͧ̑̓ä͖̭̈̇lͮ̒ͫǧ̗͚̚o̙̔ͮ̇͐̇',
  'שלום עולם',
  'مرحبا \u202Eevil\u202C',
  '<script>alert(1)</script>',
  '"; DROP TABLE records; --',
  '\\"\\u0000\\n',
  'line\nbreak\ttab\r',
  'nul\u0000byte',
  '\u0007\u001b[31m',
  '{"name":"nested"}',
  '%00%2F..%2F',
  '\uFEFFbom',
  '\u00A0non-breaking\u2028separator',
  '𝕏𝔂𝔃',
  '007',
  '1e3',
  'back\\slash \\\\ double',
  '"quoted" and \'single\'',
  '\ttab first',
  'trailing newline\n',
]

/**
 * Any string a client may send as a JSON string value: the edge strings above, or arbitrary full Unicode
 * text (whole graphemes, so never a lone surrogate, which JSON cannot carry faithfully).
 * @example fc.sample(edgeString(), 3)
 */
export function edgeString(): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 2, arbitrary: fc.constantFrom(...edgeStrings) },
    { weight: 3, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
    { weight: 1, arbitrary: fc.string({ unit: 'binary-ascii', maxLength: 20 }) },
    // Past the 255 of many a database column; shrinking finds the first length that breaks.
    { weight: 1, arbitrary: fc.string({ unit: 'grapheme-ascii', minLength: 256, maxLength: 2000 }) },
  )
}

import fc from 'fast-check'
import { expect, it } from 'vitest'
import { scaledMs } from '../../tools/time-scale.ts'
import { boundedJsonText, type JsonBounds } from './bounded-json-text.ts'

const unbounded: JsonBounds = { maxDepth: 1_000, maxMembers: Number.POSITIVE_INFINITY, maxValues: Infinity }

const parses = (text: string): boolean => {
  try {
    JSON.parse(text)
    return true
  } catch {
    return false
  }
}

/** What the reader must keep of a value, written plainly: members in document order, the bounds checked first. */
function cut(value: unknown, bounds: JsonBounds, state = { kept: 0 }): unknown {
  if (typeof value !== 'object' || value === null) return value
  const { maxMembers, maxValues, alwaysKept = new Set<string>() } = bounds
  if (Array.isArray(value)) {
    const items: Array<unknown> = []
    for (const item of value) {
      if (items.length >= maxMembers || state.kept >= maxValues) break
      items.push(cut(item, bounds, state))
      state.kept++
    }
    return items
  }
  const fields: Record<string, unknown> = {}
  let kept = 0
  for (const [name, field] of Object.entries(value)) {
    const within = kept < maxMembers && state.kept < maxValues
    if (!within && !(alwaysKept.has(name) && state.kept < maxValues + alwaysKept.size)) continue
    Object.defineProperty(fields, name, { value: cut(field, bounds, state), enumerable: true, writable: true })
    kept++
    state.kept++
  }
  return fields
}

it('keeps a JSON text whole within its bounds, and says of every other text that it is not JSON, as JSON.parse', () => {
  fc.assert(
    fc.property(fc.json(), (text) => {
      expect(boundedJsonText(text, unbounded)).toMatchObject({ kind: 'json', text, leftOut: 0 })
    }),
  )
  const jsonish = fc.string({ unit: fc.constantFrom(...'[]{}",:0123456789-+.eEtrufalsn \t\n\r\\/u\u0001x'.split('')) })
  const broken = fc
    .tuple(fc.json(), fc.nat(), fc.constantFrom('', ',', '"', '}', ']', '0', '\\', '\u0000', ' '))
    .map(
      ([text, at, with_]) =>
        `${text.slice(0, at % (text.length + 1))}${with_}${text.slice((at % (text.length + 1)) + 1)}`,
    )
  fc.assert(
    fc.property(fc.oneof(jsonish, broken), (text) => {
      expect(boundedJsonText(text, unbounded).kind).toBe(parses(text) ? 'json' : 'invalid')
    }),
    { numRuns: 2_000 },
  )
})

it('cuts each array and object to its first members and the whole to a budget, still JSON, each member counted', () => {
  const bounds: JsonBounds = { maxDepth: 64, maxMembers: 3, maxValues: 12, alwaysKept: new Set(['id']) }
  const spaced = fc.constantFrom(undefined, 1, 2)
  fc.assert(
    fc.property(fc.jsonValue(), spaced, (value, indent) => {
      const text = JSON.stringify(value, null, indent)
      const read = boundedJsonText(text, bounds)
      if (read.kind !== 'json') throw new Error(`Failed to read ${text}: got ${read.kind}`)
      expect(JSON.parse(read.text)).toEqual(cut(JSON.parse(text), bounds))
      const outer = typeof value === 'object' && value !== null ? Object.keys(value).length : undefined
      expect(read.members).toBe(outer)
      expect(read.leftOut === 0).toBe(read.text === text)
    }),
    { numRuns: 500 },
  )
})

it('gives JSON whatever it cuts, strings past their budget included', () => {
  const bounds: JsonBounds = { maxDepth: 64, maxMembers: 3, maxValues: 12, maxCharacters: 20, cutCharacters: 4 }
  fc.assert(
    fc.property(fc.jsonValue(), (value) => {
      const read = boundedJsonText(JSON.stringify(value), bounds)
      if (read.kind !== 'json') throw new Error(`Failed to read ${JSON.stringify(value)}: got ${read.kind}`)
      expect(() => JSON.parse(read.text)).not.toThrow()
    }),
    { numRuns: 500 },
  )
})

it('keeps a field a schema names wherever it stands, and counts what it leaves out', () => {
  const fields = Object.fromEntries(Array.from({ length: 300 }, (_, index) => [`k${index}`, index]))
  const text = JSON.stringify({ ...fields, id: 7, name: 'Rex' })
  const read = boundedJsonText(text, { maxDepth: 8, maxMembers: 2, maxValues: 100, alwaysKept: new Set(['id']) })
  expect(read).toMatchObject({ kind: 'json', members: 302, kept: 3, leftOut: 299 })
  expect(read.kind === 'json' && JSON.parse(read.text)).toEqual({ k0: 0, k1: 1, id: 7 })
})

it('reads 1.6 million items in one pass and keeps a hundred', () => {
  const text = `[${Array.from({ length: 1_600_000 }, () => '{}').join(',')}]`
  const started = performance.now()
  const read = boundedJsonText(text, { maxDepth: 128, maxMembers: 101, maxValues: 10_000 })
  expect(read).toMatchObject({ kind: 'json', members: 1_600_000, kept: 101, leftOut: 1_599_899 })
  expect(read.kind === 'json' && JSON.parse(read.text)).toHaveLength(101)
  // About 50 ms on a quiet machine; JSON.parse takes 300 ms and builds 1.6 million objects.
  expect(performance.now() - started).toBeLessThan(scaledMs(2_000))
})

it('says a text nests too deep before any value is built, brackets within strings not counted', () => {
  const bounds: JsonBounds = { maxDepth: 2, maxMembers: 10, maxValues: 10 }
  expect(boundedJsonText('[[[1]]]', bounds).kind).toBe('deep')
  expect(boundedJsonText('["[[[", {"k": "{{{\\"["}]', bounds).kind).toBe('json')
  expect(boundedJsonText(`${'['.repeat(1_000_000)}${']'.repeat(1_000_000)}`, { ...bounds, maxDepth: 128 }).kind).toBe(
    'deep',
  )
})

it('keeps strings whole up to a count of characters, then the start of each, never cut within an escape', () => {
  const bounds: JsonBounds = { maxDepth: 8, maxMembers: 10, maxValues: 10, maxCharacters: 6, cutCharacters: 3 }
  const read = boundedJsonText('["abcd", "ef", "g\\u00e9hij", "klmno", "pq"]', bounds)
  expect(read).toMatchObject({ kind: 'json', stringsCut: 2, leftOut: 0 })
  expect(read.kind === 'json' && JSON.parse(read.text)).toEqual(['abcd', 'ef', 'g', 'klm', 'pq'])
  // A field whose name is longer than what is left is left out; one a schema names is kept.
  const fields = boundedJsonText('{"abcdefgh": 1, "id": 2}', { ...bounds, alwaysKept: new Set(['id']) })
  expect(fields.kind === 'json' && JSON.parse(fields.text)).toEqual({ id: 2 })
})

it('still reads every member it leaves out for its syntax', () => {
  const bounds: JsonBounds = { maxDepth: 8, maxMembers: 1, maxValues: 10 }
  expect(boundedJsonText('[1, 2, 3]', bounds)).toMatchObject({ kind: 'json', text: '[1]' })
  expect(boundedJsonText('[1, 2, 03]', bounds).kind).toBe('invalid')
  expect(boundedJsonText('{"a": 1, "b": tru}', bounds).kind).toBe('invalid')
  expect(boundedJsonText('[1, "\u0001"]', bounds).kind).toBe('invalid')
})

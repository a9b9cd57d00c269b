import fc from 'fast-check'
import { maxBodyBytes } from '../../mocks/core/operation-request.ts'
import { type FuzzBody, shorten } from './fuzz-request.ts'

const encoder = new TextEncoder()

function text(value: string, label = shorten(value, 60)): FuzzBody {
  return { label, bytes: encoder.encode(value) }
}

function bytes(label: string, ...parts: Array<string | ReadonlyArray<number> | Uint8Array>): FuzzBody {
  const buffers = parts.map((part) => (typeof part === 'string' ? encoder.encode(part) : Uint8Array.from(part)))
  return { label, bytes: Buffer.concat(buffers) }
}

const validBodies = [
  '{"name":"Rex","categoryId":1}',
  '{"name":"Rex","categoryId":1,"status":"sold"}',
  '{"message":"Hello"}',
] as const

const notJson = [
  '',
  ' ',
  '\n',
  'null',
  'true',
  '0',
  '"x"',
  '[]',
  '{}',
  '{',
  '}',
  '{"name":',
  "{'name':'Rex','categoryId':1}",
  '{"name":"Rex","categoryId":1,}',
  '{"name":"Rex" "categoryId":1}',
  'NaN',
  'name=Rex&categoryId=1',
  '<pet><name>Rex</name></pet>',
  '\u0000',
  '{"name":"Rex","categoryId":1}{"name":"Rex","categoryId":1}',
  '{"name":"Rex","categoryId":1}\u0000',
  '{"name":"a\u0000b","categoryId":1}',
  '{"name":"a","name":"b","categoryId":1}',
  '{"name":"\\ud800","categoryId":1}',
  '{"name":"\\u0000","categoryId":1}',
  '{"message":"\\udfff"}',
] as const

// Keys that pollute a prototype when a parser or a merge assigns them naively.
const prototypeBodies = [
  '{"__proto__":{"polluted":"yes"},"name":"Rex","categoryId":1}',
  '{"name":"Rex","categoryId":1,"__proto__":{"polluted":"yes"}}',
  '{"constructor":{"prototype":{"polluted":"yes"}},"name":"Rex","categoryId":1}',
  '{"name":"Rex","categoryId":1,"status":"sold","__proto__":{"status":"available","polluted":"yes"}}',
  '{"name":{"__proto__":{"polluted":"yes"}},"categoryId":1}',
  '[{"__proto__":{"polluted":"yes"}}]',
  '{"message":"hi","__proto__":{"polluted":"yes"}}',
  '{"message":"hi","constructor":{"prototype":{"polluted":"yes"}}}',
  '{"__proto__":null,"name":"Rex","categoryId":1}',
  '{"name":"Rex","categoryId":1,"prototype":{"polluted":"yes"},"toString":"x","hasOwnProperty":1}',
] as const

// Numbers beyond double and int64 range, and spellings JSON forbids.
const hugeNumbers = [
  '1e400',
  '-1e400',
  '1e-400',
  '9223372036854775808',
  '-9223372036854775809',
  '18446744073709551616',
  '9007199254740993',
  '1'.repeat(400),
  '-0',
  '0.0000001',
  '1E2',
  '1.0',
  '0x10',
  'NaN',
  'Infinity',
  '-Infinity',
  '01',
  '.5',
  '1.',
  '+1',
] as const

const depth = fc.oneof(fc.integer({ min: 1, max: 2_000 }), fc.constantFrom(10_000, 100_000, 1_000_000))
const nested: fc.Arbitrary<FuzzBody> = fc
  .tuple(fc.constantFrom('open arrays', 'closed arrays', 'objects', 'name array'), depth)
  .map(([shape, n]) => {
    if (shape === 'open arrays') return text('['.repeat(n), `"[" × ${n}`)
    if (shape === 'closed arrays') return text(`${'['.repeat(n)}${']'.repeat(n)}`, `"[" × ${n} "]" × ${n}`)
    if (shape === 'objects') return text(`${'{"a":'.repeat(n)}1${'}'.repeat(n)}`, `'{"a":' × ${n} 1 "}" × ${n}`)
    return text(
      `{"name":${'['.repeat(n)}${']'.repeat(n)},"categoryId":1}`,
      `{"name": "[" × ${n} "]" × ${n}, "categoryId": 1}`,
    )
  })

// Around the 1 MiB cap: the longest name that fits, one byte more, and well past it.
const petOverhead = '{"name":"","categoryId":1}'.length
const longLength = fc.oneof(
  fc.integer({ min: 0, max: 300 }),
  fc.constantFrom(10_000, maxBodyBytes - petOverhead, maxBodyBytes - petOverhead + 1, 1_100_000),
)
const longStrings: fc.Arbitrary<FuzzBody> = fc
  .tuple(fc.constantFrom('name', 'message', 'status'), longLength)
  .map(([field, length]) => {
    const value = 'a'.repeat(length)
    const json =
      field === 'message'
        ? `{"message":"${value}"}`
        : field === 'name'
          ? `{"name":"${value}","categoryId":1}`
          : `{"name":"x","categoryId":1,"status":"${value}"}`
    return text(json, `{${field}: "a" × ${length}} (${json.length} bytes)`)
  })

// Bytes that are not UTF-8 (or are UTF-8 of something else): a strict decoder must refuse them.
const badEncodings: fc.Arbitrary<FuzzBody> = fc.oneof(
  fc
    .constantFrom(
      [0xff],
      [0xfe, 0xff],
      [0xc0, 0xaf],
      [0xed, 0xa0, 0x80],
      [0xe0, 0xa4],
      [0xf4, 0x90, 0x80, 0x80],
      [0x80],
      [0xf8, 0x88, 0x80, 0x80, 0x80],
    )
    .map((invalid) =>
      bytes(
        `{"name":"<${invalid.map((b) => b.toString(16)).join(' ')}>","categoryId":1}`,
        '{"name":"',
        invalid,
        '","categoryId":1}',
      ),
    ),
  fc.constant(bytes('UTF-8 BOM + valid pet', [0xef, 0xbb, 0xbf], validBodies[0])),
  fc.constant(bytes('UTF-16LE valid pet', Buffer.from(validBodies[0], 'utf16le'))),
  fc.constant(bytes('UTF-16LE BOM + valid pet', [0xff, 0xfe], Buffer.from(validBodies[0], 'utf16le'))),
  fc.constant(bytes('latin1 pet name', Buffer.from('{"name":"Ren\u00e9","categoryId":1}', 'latin1'))),
)

const fieldKey = fc.oneof(
  fc.constantFrom(
    'name',
    'categoryId',
    'status',
    'message',
    'id',
    '__proto__',
    'constructor',
    'prototype',
    'toString',
    'valueOf',
    '',
  ),
  fc.string({ maxLength: 8 }),
)
const fieldValue = fc.oneof(
  fc.json({ maxDepth: 3 }),
  fc.constantFrom('"Rex"', '1', '"available"', '{"polluted":"yes"}', '{"prototype":{"polluted":"yes"}}', 'null'),
  fc.constantFrom(...hugeNumbers),
)
const randomObjects: fc.Arbitrary<FuzzBody> = fc
  .array(fc.tuple(fieldKey, fieldValue), { maxLength: 6 })
  .map((entries) => text(`{${entries.map(([name, value]) => `${JSON.stringify(name)}:${value}`).join(',')}}`))

/**
 * Request bodies: valid ones (weighted, so that writes happen), not JSON, invalid UTF-8 and other
 * charsets, deep nesting (up to 1,000,000 levels), numbers beyond double and int64, `__proto__` and
 * `constructor` keys, strings around and past the 1 MiB cap, and random JSON and bytes.
 * @example fc.sample(bodyArbitrary, 1) // [{ label: '"[" × 100000', bytes: Uint8Array(100000) }]
 */
export const bodyArbitrary: fc.Arbitrary<FuzzBody> = fc.oneof(
  { withCrossShrink: true },
  { weight: 4, arbitrary: fc.constantFrom(...validBodies).map((value) => text(value)) },
  { weight: 2, arbitrary: fc.constantFrom(...notJson).map((value) => text(value)) },
  { weight: 2, arbitrary: fc.constantFrom(...prototypeBodies).map((value) => text(value)) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(...hugeNumbers).map((value) => text(`{"name":"Rex","categoryId":${value}}`)),
  },
  { weight: 2, arbitrary: nested },
  { weight: 2, arbitrary: longStrings },
  { weight: 2, arbitrary: badEncodings },
  { weight: 2, arbitrary: randomObjects },
  { weight: 1, arbitrary: fc.json().map((value) => text(value)) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 64 }).map((value) => text(value)) },
  {
    weight: 1,
    arbitrary: fc
      .uint8Array({ maxLength: 64 })
      .map((value) => bytes(`bytes [${Buffer.from(value).toString('hex')}]`, value)),
  },
)

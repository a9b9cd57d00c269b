import fc from 'fast-check'
import { type OperationSpec, operationList } from '../../spec/operations.ts'

// Ids the parser must refuse or miss cleanly: int64 edges, NULs, traversal, malformed and
// non-UTF-8 escapes, look-alike numbers, and names that are also Object.prototype keys.
const oddIds = [
  '0',
  '-0',
  '1',
  '-1',
  '00001',
  '+1',
  ' 1',
  '1 ',
  '1.0',
  '1.5',
  '1e3',
  '0x1F',
  'NaN',
  'Infinity',
  '-',
  'abc',
  'null',
  '9007199254740993',
  '9223372036854775807',
  '9223372036854775808',
  '-9223372036854775808',
  '-9223372036854775809',
  '18446744073709551616',
  '__proto__',
  'constructor',
  'toString',
  'hasOwnProperty',
  '%00',
  '1%00',
  '%001',
  '..',
  '..%2f..',
  '..%2F..%2F..%2Fetc%2Fpasswd',
  '%2e%2e',
  '%2e%2e%2f%2e%2e',
  '%',
  '%Z',
  '%ZZ',
  '%E0%A4%A',
  '%C3%28',
  '%ED%A0%80',
  '%FF',
  '%C0%AF',
  '%20',
  '%0A',
  '%0D%0A',
  '%25',
  '%2525',
  '%D9%A1',
  'é',
  '日本',
] as const

/**
 * `petId` path segments: int64 edges, huge, negative, non-numeric, encoded NULs, traversal, bad escapes.
 * @example fc.sample(petIdArbitrary, 3) // ['9223372036854775808', '%00', '-17']
 */
export const petIdArbitrary: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...oddIds) },
  { weight: 2, arbitrary: fc.bigInt({ min: -(2n ** 70n), max: 2n ** 70n }).map(String) },
  { weight: 2, arbitrary: fc.integer({ min: -5, max: 2000 }).map(String) },
  { weight: 1, arbitrary: fc.integer({ min: 20, max: 5000 }).map((length) => '9'.repeat(length)) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 12 }).map(encodeURIComponent) },
  { weight: 1, arbitrary: fc.string({ maxLength: 12 }) },
)

// Paths that normalise (or only look like they normalise) to a route, or that a router may mishandle.
const trickyPaths = [
  '/v1/../v1/pets',
  '/v1/./pets',
  '/x/../v1/pets',
  '/v1/pets/../pets/1',
  '/%2e%2e/v1/pets',
  '/v1/%2e%2e/v1/pets',
  '/v1/pets/..%2f..',
  '/v1//pets',
  '//v1/pets',
  '/v1/pets/',
  '/v1/pets//1',
  '/v1\\pets',
  '/v1/pets%2f1',
  '/v1/pets/1/',
  '/v1/pets/1/x',
  '/V1/PETS',
  '/v1/pets;x=1',
  '/v1/pets%00',
  '/v1%00/pets',
  '/v1/pets%',
  '/v1/%',
  '/messages%',
  '/messages/',
  '/messages/1',
  '/v1/messages',
  '/v1',
  '/v1/',
  '/',
  '',
  '*',
  '/v1/store/orders/',
  '/v1/store',
  '/v1/pets/%2F',
  '/v1/pets/1?',
  '/v1/pets/1#x',
  '/v1/pets/\u00e9',
  '/v1/pets/%u0031',
] as const

/** Where an operation of the catalogue lives on the mock, every path parameter filled with a fuzzed id. */
export function operationTargetArbitrary(operation: OperationSpec): fc.Arbitrary<string> {
  const prefix = operation.base === 'pets' ? '/v1' : ''
  const names = [...operation.path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1] as string)
  return fc
    .tuple(...names.map(() => petIdArbitrary))
    .map((ids) => `${prefix}${operation.path.replace(/\{[^}]+\}/g, () => ids.shift() ?? '')}`)
}

// Every path of the catalogue (once per path, whatever its methods); parameterised paths weigh most.
const knownPath: fc.Arbitrary<string> = fc.oneof(
  ...[...new Map(operationList.map((operation) => [`${operation.base}${operation.path}`, operation])).values()].map(
    (operation) => ({
      weight: operation.path.includes('{') ? 4 : operation.described ? 3 : 1,
      arbitrary: operationTargetArbitrary(operation),
    }),
  ),
)

const randomPath: fc.Arbitrary<string> = fc
  .array(
    fc.oneof(
      fc.constantFrom('v1', 'pets', 'messages', 'store', 'orders', '..', '.', '', '%00', '%'),
      fc.string({ maxLength: 8 }),
    ),
    {
      minLength: 1,
      maxLength: 5,
    },
  )
  .map((segments) => `/${segments.join('/')}`)

const parameterName = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom('limit', 'status') },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      'limit[]',
      'limit[0]',
      'status[]',
      'Limit',
      'LIMIT',
      'l%69mit',
      'limit%00',
      '%00',
      '',
      '__proto__',
      '__proto__[polluted]',
      'constructor',
      'constructor[prototype][polluted]',
      'hasOwnProperty',
    ),
  },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 8 }).map(encodeURIComponent) },
)

const parameterValue = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom('1', '5', '20', '100', 'available', 'pending', 'sold') },
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      '0',
      '101',
      '-1',
      '1.5',
      '1e2',
      '+1',
      '%2B1',
      ' 5',
      '5 ',
      '0x10',
      'abc',
      '',
      '%',
      '%00',
      '%E0%A4%A',
      '%C3%28',
      'SOLD',
      'lost',
      '%D9%A1',
      'é',
      '日本',
      'true',
      'null',
      '[]',
      '{}',
    ),
  },
  { weight: 1, arbitrary: fc.bigInt({ min: -(2n ** 80n), max: 2n ** 80n }).map(String) },
  { weight: 1, arbitrary: fc.integer({ min: 50, max: 8000 }).map((length) => '9'.repeat(length)) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 16 }).map(encodeURIComponent) },
)

const parameter: fc.Arbitrary<string> = fc
  .tuple(parameterName, parameterValue, fc.constantFrom('pair', 'pair', 'pair', 'bare', 'empty'))
  .map(([name, value, form]) => (form === 'pair' ? `${name}=${value}` : form === 'bare' ? name : `${name}=`))

/**
 * A query string, `?` included (or empty): repeated, empty, array-style, non-ASCII and prototype-named parameters.
 * @example fc.sample(queryArbitrary, 2) // ['?limit[]=1', '?status=%C3%A9&limit=']
 */
export const queryArbitrary: fc.Arbitrary<string> = fc.oneof(
  { withCrossShrink: true },
  { weight: 3, arbitrary: fc.constant('') },
  {
    weight: 4,
    arbitrary: fc.array(parameter, { minLength: 1, maxLength: 6 }).map((parameters) => `?${parameters.join('&')}`),
  },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      '?',
      '??',
      '?&&',
      '?=',
      '?&',
      '?limit=1&limit=2',
      '?limit=1;limit=2',
      '?limit=1&limit=',
      '?limit[]=1',
      '?__proto__[polluted]=1',
      '?constructor[prototype][polluted]=1',
      '?__proto__.polluted=1',
    ),
  },
)

/**
 * Request-targets (path and query) around the routes of the spec: malformed, traversing, encoded
 * and oversized ids and query parameters. Sent as they are; fetch may normalise them, a socket does not.
 * @example fc.sample(requestTargetArbitrary, 3) // ['/v1/pets/%00?limit[]=1', '/v1/../v1/pets', '/messages']
 */
export const requestTargetArbitrary: fc.Arbitrary<string> = fc
  .tuple(
    fc.oneof(
      { weight: 6, arbitrary: knownPath },
      { weight: 2, arbitrary: fc.constantFrom(...trickyPaths) },
      { weight: 1, arbitrary: randomPath },
    ),
    queryArbitrary,
  )
  .map(([path, search]) => `${path}${search}`)

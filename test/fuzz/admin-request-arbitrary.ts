import fc from 'fast-check'
import { developmentApiKey } from '../../mocks/core/create-pet-store-core.ts'
import { bodyArbitrary } from './body-arbitrary.ts'
import { callerArbitrary } from './caller-arbitrary.ts'
import { type FuzzBody, type FuzzRequest, fuzzRequest } from './fuzz-request.ts'

const prototypeKeys = ['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty']

const adminPaths = fc.constantFrom(
  '/__mock/reset',
  '/__mock/requests',
  '/__mock/rules',
  '/__mock/rules/r1',
  '/__mock/rules/__proto__',
  '/__mock/rules/%00',
  '/__mock/rules/%E0%A4%A',
  '/__mock/state',
  '/__mock',
  '/__mock/',
  '/__mock//rules',
  '/__mock/../v1/pets',
  '/__mock/rules/r1/extra',
)

const adminQuery = fc.oneof(
  fc.constant(''),
  fc.constantFrom(
    '?method=GET',
    '?method=GET&method=POST',
    '?path=/v1/pets/{petId}',
    '?path=%',
    '?__proto__=1',
    `?path=${'a'.repeat(5000)}`,
  ),
  fc.string({ maxLength: 40 }).map((text) => `?method=${encodeURIComponent(text)}`),
)

const ruleField = fc.oneof(
  fc.constantFrom('GET', 'POST', 'get', '', 'DELETE', 'X'.repeat(300)),
  fc.constantFrom('/v1/pets', '/v1/pets/{petId}', '/messages', '/v1/store/orders', '/v1/pets/7', ''),
  fc.integer({ min: -1000, max: 100_000 }),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.string({ maxLength: 30 }),
  fc.constantFrom('reset', 'malformed', 'timeout', 'explode'),
)

/** A rule-shaped object with fields of any type, prototype keys among them, serialized as JSON. */
const ruleBody: fc.Arbitrary<FuzzBody> = fc
  .dictionary(
    fc.oneof(
      fc.constantFrom('method', 'path', 'status', 'delayMs', 'fault', 'times', 'probability', 'pets'),
      fc.constantFrom(...prototypeKeys),
      fc.string({ maxLength: 10 }),
    ),
    fc.oneof(
      ruleField,
      fc.array(ruleField, { maxLength: 3 }),
      fc.dictionary(fc.constantFrom(...prototypeKeys), ruleField),
    ),
    { maxKeys: 8 },
  )
  .map((value) => {
    // JSON.stringify of a dictionary with a __proto__ key would drop it: written out by hand instead.
    const text = `{${Object.entries(value)
      .map(([key, field]) => `${JSON.stringify(key)}:${JSON.stringify(field) ?? 'null'}`)
      .join(',')}}`
    return { label: `rule ${text.slice(0, 60)}`, bytes: new TextEncoder().encode(text) }
  })

// Hostile Prefer values on API requests. No valid fault=reset or timeout, no 5xx code: the fuzz asks
// for an answer and never a 5xx.
const preferValues = fc.oneof(
  fc.constantFrom(
    'code=429',
    'code=201',
    'code=abc',
    'code=99999999999999999999',
    'code=404, code=409',
    'delay=-1',
    'delay=60001',
    'delay=5',
    'fault=malformed',
    'fault=',
    'fault=explode',
    '__proto__=1, constructor=2',
    'code="418"; x=y',
    ',,,;;;===',
    `code=409, ${'x'.repeat(3000)}`,
  ),
  fc
    .string({ maxLength: 60 })
    .filter((value) => !/fault\s*=\s*"?(reset|timeout)/i.test(value) && !/delay|code\s*=\s*"?5/i.test(value)),
)

const sessionValues = fc.constantFrom('', 'a', 'session-1', 'x'.repeat(65), '__proto__', 'bad value', 'a/b', 'é')

/**
 * Hostile requests to the admin API under `/__mock` and API requests with hostile `Prefer` and
 * `X-Mock-Session` headers, each from a caller that may claim another Host, a page's Origin or a proxy's
 * headers. Valid `fault=reset|timeout` preferences are left out: they ask for no answer.
 * @example await fc.assert(fc.asyncProperty(adminRequestArbitrary, async (request) => { ... }))
 */
export const adminRequestArbitrary: fc.Arbitrary<FuzzRequest> = fc.oneof(
  fc
    .record({
      method: fc.constantFrom('GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'HEAD'),
      path: adminPaths,
      query: adminQuery,
      session: fc.option(sessionValues, { nil: undefined }),
      contentType: fc.constantFrom(
        'application/json',
        'text/plain',
        'application/json; charset=latin1',
        'application/x-www-form-urlencoded',
        'multipart/form-data; boundary=x',
      ),
      body: fc.option(fc.oneof(ruleBody, ruleBody, bodyArbitrary), { nil: undefined }),
      caller: callerArbitrary,
    })
    .map(({ method, path, query, session, contentType, body, caller }) =>
      fuzzRequest({
        method,
        target: `${path}${query}`,
        host: caller.host,
        headers: [
          ['content-type', contentType],
          ...(session === undefined ? [] : [['x-mock-session', session] as const]),
          ...caller.headers,
        ],
        body: method === 'GET' || method === 'HEAD' ? undefined : body,
        framing: 'content-length',
      }),
    ),
  fc
    .record({
      method: fc.constantFrom('GET', 'POST'),
      target: fc.constantFrom('/v1/pets', '/v1/pets?limit=2', '/v1/pets/1', '/messages'),
      prefer: fc.array(preferValues, { minLength: 1, maxLength: 3 }),
      session: fc.option(sessionValues, { nil: undefined }),
      caller: callerArbitrary,
    })
    .map(({ method, target, prefer, session, caller }) =>
      fuzzRequest({
        method,
        target,
        host: caller.host,
        headers: [
          ...caller.headers,
          ['authorization', `Bearer ${developmentApiKey}`],
          ['content-type', 'application/json'],
          ...prefer.map((value) => ['prefer', value] as const),
          ...(session === undefined ? [] : [['x-mock-session', session] as const]),
        ],
        body:
          method === 'POST'
            ? { label: 'a valid body', bytes: new TextEncoder().encode('{"name":"Rex","categoryId":1,"message":"hi"}') }
            : undefined,
        framing: 'content-length',
      }),
    ),
)

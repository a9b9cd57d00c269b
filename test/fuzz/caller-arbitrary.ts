import fc from 'fast-check'
import type { FuzzRequest } from './fuzz-request.ts'

type Header = readonly [string, string]

/** Host values the admin API must refuse without its token: another site's, a rebound name, nonsense. */
const hostileHosts = [
  'attacker.example',
  'attacker.example:4010',
  '127.0.0.1.nip.io',
  'localhost.attacker.example',
  '127.0.0.1@attacker.example',
  'attacker.example#@127.0.0.1',
  '[::2]',
  '0.0.0.0',
  '10.0.0.1:4010',
  '',
  'localhost:99999',
  'xn--80ak6aa92e.com',
]
/** Host values that are this machine however written: the admin API answers them. */
const loopbackHosts = [
  '127.0.0.1',
  'localhost:4010',
  'LOCALHOST.',
  '127.1',
  '[::1]:4010',
  '[::ffff:127.0.0.1]',
  'a.localhost',
]

/** Origins of pages the admin API must not serve without its token. */
const hostileOrigins = [
  'https://attacker.example',
  'null',
  'http://127.0.0.1.attacker.example',
  'http://localhost.attacker.example:4010',
  'http://attacker.example/http://localhost',
  'http://localhost@attacker.example',
  'http://[::2]',
  'file://',
  'chrome-extension://abcdefghijklmnop',
  'http://localhost:4010, https://attacker.example',
]
/** Origins of pages on this machine: served, with CORS for that origin only. */
const loopbackOrigins = ['http://localhost:5173', 'http://127.0.0.1:4010', 'https://[::1]', 'http://app.localhost:3000']

/** Headers a proxy adds: the admin API must not serve a forwarded request without its token. */
const forwardingHeaders: ReadonlyArray<Header> = [
  ['forwarded', 'for=203.0.113.9;host=localhost;proto=http'],
  ['Forwarded', 'for=127.0.0.1'],
  ['x-forwarded-for', '127.0.0.1'],
  ['X-Forwarded-For', '203.0.113.9, 127.0.0.1'],
  ['x-forwarded-host', 'localhost'],
  ['x-forwarded-proto', 'https'],
  ['x-forwarded-port', '443'],
  ['x-real-ip', '127.0.0.1'],
  ['via', '1.1 proxy.example'],
  ['x-forwarded', 'for=127.0.0.1'],
  ['x-client-ip', '127.0.0.1'],
  ['true-client-ip', '127.0.0.1'],
  ['cf-connecting-ip', '127.0.0.1'],
  ['x-original-host', 'localhost'],
]

/** Where a request seems to come from: a Host, an Origin and proxy headers, hostile or this machine's. */
export const callerArbitrary: fc.Arbitrary<{ host?: string; headers: Array<Header> }> = fc
  .record({
    host: weighted([3, undefined], [2, loopbackHosts], [1, hostileHosts]),
    origin: weighted([3, undefined], [1, loopbackOrigins], [1, hostileOrigins]),
    forwarded: weighted([6, undefined], [1, forwardingHeaders]),
  })
  .map(({ host, origin, forwarded }) => ({
    host,
    headers: [
      ...(origin === undefined ? [] : [['origin', origin] as const]),
      ...(forwarded === undefined ? [] : [forwarded]),
    ],
  }))

/** Undefined, or one of the values of a list, by weight: most requests come from this machine. */
function weighted<T>(
  none: [number, undefined],
  ...lists: Array<[number, ReadonlyArray<T>]>
): fc.Arbitrary<T | undefined> {
  return fc.oneof(
    { weight: none[0], arbitrary: fc.constant(undefined) },
    ...lists.map(([weight, values]) => ({ weight, arbitrary: fc.constantFrom(...values) })),
  )
}

/**
 * Why the admin API must refuse a request without its token (a hostile Host or Origin, a proxy header),
 * or undefined when it comes from this machine as far as those headers tell.
 * @example refusalExpected(request) // 'Origin "null"'
 */
export function refusalExpected(request: FuzzRequest): string | undefined {
  if (request.host !== undefined && hostileHosts.includes(request.host)) return `Host ${JSON.stringify(request.host)}`
  for (const [name, value] of request.headers) {
    if (name === 'origin' && hostileOrigins.includes(value)) return `Origin ${JSON.stringify(value)}`
    if (forwardingHeaders.some(([forwarding]) => forwarding === name)) return `a ${name} header`
  }
  return undefined
}

import { expect, it } from 'vitest'
import { impliedMessagesBase, parseProxyOrigin, upstreamTarget } from './proxy-origin.ts'

it('reads a base URL into its origin and base path', () => {
  expect(parseProxyOrigin('--proxy', 'https://staging.example.com/api/v1/')).toEqual({
    protocol: 'https:',
    hostname: 'staging.example.com',
    port: 443,
    host: 'staging.example.com',
    basePath: '/api/v1',
    baseUrl: 'https://staging.example.com/api/v1',
  })
  expect(parseProxyOrigin('--proxy', 'http://[::1]:8080').hostname).toBe('::1')
})

it('refuses a URL of another scheme, with credentials, a query or no URL at all, naming the option', () => {
  expect(() => parseProxyOrigin('--proxy', 'ftp://x/v1')).toThrow('--proxy expects an http or https URL')
  expect(() => parseProxyOrigin('--proxy', 'https://me:pw@x/v1')).toThrow('no user name or password')
  expect(() => parseProxyOrigin('--messages-proxy', 'https://x/v1?key=1')).toThrow('--messages-proxy')
  expect(() => parseProxyOrigin('--proxy', 'staging')).toThrow('--proxy expects an http(s) base URL')
})

it('sends /v1 paths to the pets base and every other path to the messages base, whatever the request names', () => {
  const origins = {
    pets: parseProxyOrigin('--proxy', 'https://api.test/api/v1'),
    messages: parseProxyOrigin('--messages-proxy', 'https://msg.test'),
  }
  expect(upstreamTarget(origins, '/v1/pets/7', 'a=1')).toMatchObject({ base: 'pets', path: '/api/v1/pets/7?a=1' })
  expect(upstreamTarget(origins, '/v1', '')).toMatchObject({ base: 'pets', path: '/api/v1' })
  expect(upstreamTarget(origins, '/v10/pets', '')).toMatchObject({ base: 'messages', path: '/v10/pets' })
  // A path that looks like an authority stays a path on the configured origin.
  const target = upstreamTarget(origins, '//evil.test/messages', '')
  expect(target.origin.host).toBe('msg.test')
  expect(target.path).toBe('//evil.test/messages')
})

it('implies the messages base as the contract suite does: the pets base without its /v1', () => {
  expect(impliedMessagesBase('https://staging.example.com/v1')).toBe('https://staging.example.com')
  expect(impliedMessagesBase('https://staging.example.com/api')).toBe('https://staging.example.com/api')
})

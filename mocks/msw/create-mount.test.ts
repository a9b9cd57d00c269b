import fc from 'fast-check'
import { expect, it } from 'vitest'
import { findRoute } from '../core/route-table.ts'
import { basePathOf, createMount } from './create-mount.ts'

const below = (baseUrl: string, url: string) => createMount('pets', baseUrl, true).pathBelow(new URL(url))

it('takes the path below /v1 of any origin for the default pets base', () => {
  expect(below('*/v1', 'http://petstore.test/v1/pets/7')).toBe('/pets/7')
  expect(below('*/v1', 'https://api.example.test/prefix/v1/pets')).toBe('/pets')
})

it('ends the base at a segment boundary only', () => {
  expect(below('*/v1', 'http://petstore.test/v1x/pets')).toBeUndefined()
  expect(below('*/v1', 'http://petstore.test/v1x/v1/pets')).toBe('/pets')
})

it('takes the whole path for a base at the root of any origin', () => {
  expect(below('*', 'http://any.test/messages')).toBe('/messages')
})

it('matches only its own origin when the base names one', () => {
  expect(below('https://api.example.test/v1/', 'https://api.example.test/v1/pets')).toBe('/pets')
  expect(below('https://api.example.test/v1', 'https://other.example.test/v1/pets')).toBeUndefined()
})

it('keeps a malformed percent-escape as it came, for the router to refuse', () => {
  expect(below('*/v1', 'http://petstore.test/v1/pets/%E0%A4%A')).toBe('/pets/%E0%A4%A')
})

it('claims only the routed paths of a base it does not own, under any prefix for `*`', () => {
  const { pattern } = createMount('messages', '*', false)
  for (const url of ['http://x.test/messages', 'http://x.test/messages/', 'http://x.test/app/messages'])
    expect(pattern.test(url), url).toBe(true)
  for (const url of ['http://x.test/messagesx', 'http://x.test/', 'http://x.test/health', 'http://x.test/v1/pets'])
    expect(pattern.test(url), url).toBe(false)
})

it('claims every path below a base it owns, and nothing beside it', () => {
  const { pattern } = createMount('pets', 'https://api.example.test/v1', true)
  for (const url of ['https://api.example.test/v1', 'https://api.example.test/v1/anything/at/all'])
    expect(pattern.test(url), url).toBe(true)
  for (const url of ['https://api.example.test/v1x', 'https://api.example.test/', 'http://api.example.test/v1/pets'])
    expect(pattern.test(url), url).toBe(false)
})

it('has no capturing group, so msw decodes nothing', () => {
  for (const owned of [true, false]) {
    const { pattern } = createMount('pets', '*/v1', owned)
    expect(new RegExp(`${pattern.source}|`).exec('')?.length).toBe(1)
  }
})

it('claims exactly the URLs it has a path below, each a path the router knows unless owned', () => {
  const segment = fc.constantFrom('v1', 'pets', 'messages', '7', '%E0%A4%A', '', 'x', 'api', 'v1x')
  const url = fc
    .tuple(fc.constantFrom('http://x.test', 'https://api.example.test', 'http://v1'), fc.array(segment))
    .map(([origin, segments]) => new URL(`${origin}/${segments.join('/')}`))
  const bases = ['*/v1', '*', '/api/v1', 'https://api.example.test/v1', 'https://api.example.test']
  fc.assert(
    fc.property(
      url,
      fc.constantFrom(...bases),
      fc.boolean(),
      fc.constantFrom('pets', 'messages'),
      (at, b, owned, base) => {
        const mount = createMount(base as 'pets' | 'messages', b, owned)
        const path = mount.pathBelow(at)
        expect(mount.pattern.test(`${at.origin}${at.pathname}`)).toBe(path !== undefined)
        if (path !== undefined && !owned) expect(findRoute(mount.base, 'GET', path)).toBeDefined()
      },
    ),
  )
})

it('names the path a base URL puts before the spec paths', () => {
  expect(basePathOf('*/v1')).toBe('/v1')
  expect(basePathOf('/api/v1/')).toBe('/api/v1')
  expect(basePathOf('https://api.example.test/api/v1')).toBe('/api/v1')
  expect(basePathOf('http://localhost:*/v1')).toBe('/v1')
  expect(basePathOf('https://messages.example.test')).toBe('')
  expect(basePathOf('*')).toBe('')
})

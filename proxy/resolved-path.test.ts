import { expect, it } from 'vitest'
import { resolvedPath } from './resolved-path.ts'

it.each([
  ['/v1/pets/7', '/v1/pets/7'],
  ['/v1/pets/../pets/7', '/v1/pets/7'],
  ['/v1/./pets/%2E/7', '/v1/pets/7'],
  ['/v1/pets/%2e%2e/pets', '/v1/pets'],
  ['/v1/pets/.', '/v1/pets/'],
  ['/v1//../pets', '/v1/pets'],
  ['/messages/../messages', '/messages'],
  ['/v1/pets.json', '/v1/pets.json'],
])('resolves %s to %s, inside its base', (path, resolved) => {
  expect(resolvedPath(path, '/v1')).toEqual({ path: resolved, leaves: false })
})

it.each([
  ['/v1/../../admin', '/admin'],
  ['/v1/%2e%2e/%2e%2e/admin', '/admin'],
  ['/v1/%2E%2E/admin', '/admin'],
  ['/v1/..', '/'],
  ['/v1/..%2f..%2fadmin', '/v1/..%2f..%2fadmin'],
  ['/v1/..%5C..%5Cadmin', '/v1/..%5C..%5Cadmin'],
  ['/v1/..\\..\\admin', '/v1/..\\..\\admin'],
])('finds that %s leaves /v1', (path, resolved) => {
  expect(resolvedPath(path, '/v1')).toEqual({ path: resolved, leaves: true })
})

it('lets nothing leave the root, whose base is every path', () => {
  expect(resolvedPath('/messages/../../../etc', '')).toEqual({ path: '/etc', leaves: false })
})

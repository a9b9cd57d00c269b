import { expect, it } from 'vitest'
import { operationList } from '../../spec/operations.ts'
import { createPetStoreModel } from '../model/create-pet-store-model.ts'
import { createPetStoreCore, developmentApiKey } from './create-pet-store-core.ts'
import { type DispatchRequest, withCors } from './dispatch.ts'

const core = createPetStoreCore({ model: await createPetStoreModel({ pets: 5 }) })

/**
 * What `Allow` must list on a path of the pets base, from the catalogue rather than written out: the methods
 * of its operations, HEAD wherever GET is (RFC 9110 section 9.3.2) and OPTIONS, in any order.
 */
function documentedMethods(path: string): Array<string> {
  const methods = operationList.filter((op) => op.base === 'pets' && op.path === path).map((op) => op.method)
  return [...new Set([...methods, ...(methods.includes('GET') ? ['HEAD'] : []), 'OPTIONS'])].sort()
}

const allowOf = (answer: { headers?: Record<string, string> } | undefined) =>
  String(answer?.headers?.allow ?? '')
    .split(', ')
    .sort()

function request(method: string, path: string, overrides: Partial<DispatchRequest> = {}): DispatchRequest {
  return {
    method,
    base: 'pets',
    path,
    pathname: `/v1${path}`,
    search: '',
    owned: true,
    header: (name) => (name === 'authorization' ? `Bearer ${developmentApiKey}` : undefined),
    readBody: async () => ({ kind: 'bytes', bytes: new Uint8Array(0) }),
    ...overrides,
  }
}

it('answers HEAD wherever GET answers', async () => {
  const answer = await core.dispatch(request('HEAD', '/pets/1'))
  expect(answer?.status).toBe(200)
})

it('answers another method on a known path with 405 and Allow', async () => {
  const absent = ['DELETE', 'PATCH', 'PUT'].find((method) => !documentedMethods('/pets').includes(method)) as string
  const answer = await core.dispatch(request(absent, '/pets'))
  expect(answer?.status).toBe(405)
  expect(allowOf(answer)).toEqual(documentedMethods('/pets'))
})

it.each([
  ['an unknown method on a known path', 'FROBNICATE', '/pets/1'],
  ['an unknown method on an unknown path', 'FROBNICATE', '/nowhere'],
  ['a method in lower case (method tokens are case-sensitive)', 'get', '/pets'],
])('answers %s with 501 not_implemented and no Allow', async (_case, method, path) => {
  const answer = await core.dispatch(request(method, path))
  expect(answer?.status).toBe(501)
  expect(answer?.headers.allow).toBeUndefined()
  expect(JSON.parse(String(answer?.body))).toMatchObject({ code: 'not_implemented', status: 501 })
})

it('answers TRACE, a method it recognises, with 405 and Allow on a known path', async () => {
  const answer = await core.dispatch(request('TRACE', '/pets/1'))
  expect(answer?.status).toBe(405)
  expect(allowOf(answer)).toEqual(documentedMethods('/pets/{petId}'))
})

it('leaves an unknown method on a path it does not route under a base it does not own to others', () => {
  expect(core.dispatch(request('FROBNICATE', '/elsewhere', { base: 'messages', owned: false }))).toBeUndefined()
})

it('answers a preflight on a known path with 204', async () => {
  const answer = await core.dispatch(request('OPTIONS', '/pets/1'))
  expect(answer?.status).toBe(204)
  expect(allowOf(answer)).toEqual(documentedMethods('/pets/{petId}'))
})

it('answers an unknown path of an owned base with 404, naming the whole path', async () => {
  const answer = await core.dispatch(request('GET', '/nowhere'))
  expect(answer?.status).toBe(404)
  expect(JSON.parse(String(answer?.body))).toMatchObject({
    code: 'route_not_found',
    message: expect.stringContaining('/v1/nowhere'),
  })
})

it('leaves an unknown path of a base it does not own to others', () => {
  expect(core.dispatch(request('GET', '/favicon.ico', { base: 'messages', owned: false }))).toBeUndefined()
})

const withOrigin = (name: string) =>
  name === 'authorization' ? `Bearer ${developmentApiKey}` : name === 'origin' ? 'http://app.test' : undefined

it.each([
  ['GET', '/pets'],
  ['PUT', '/pets'],
  ['GET', '/x'],
  ['OPTIONS', '/pets'],
] as const)('puts the CORS headers on the answer to %s %s with an Origin', async (method, path) => {
  const answer = await core.dispatch(request(method, path, { header: withOrigin }))
  expect(answer?.headers).toMatchObject({
    'access-control-allow-origin': '*',
    'access-control-expose-headers': expect.stringContaining('Deprecation'),
  })
})

it.each([
  ['GET', '/pets'],
  ['GET', '/x'],
])('leaves the CORS headers off the answer to %s %s without an Origin', async (method, path) => {
  const answer = await core.dispatch(request(method, path))
  expect(answer?.headers['access-control-allow-origin']).toBeUndefined()
})

it('keeps the fault of an answer with a shared (frozen) header set when it puts the CORS headers on', () => {
  const headers = Object.freeze({ deprecation: 'true' })
  const answer = withCors({ status: 0, headers, fault: 'reset' }, 'http://app.test')
  expect(answer).toMatchObject({ fault: 'reset', headers: { deprecation: 'true', 'access-control-allow-origin': '*' } })
})

import { expect, it } from 'vitest'
import { createPetStoreModel } from '../model/create-pet-store-model.ts'
import { createPetStoreCore, developmentApiKey } from './create-pet-store-core.ts'
import { type DispatchRequest, withCors } from './dispatch.ts'

const core = createPetStoreCore({ model: await createPetStoreModel({ pets: 5 }) })

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
  const answer = await core.dispatch(request('DELETE', '/pets'))
  expect(answer).toMatchObject({ status: 405, headers: { allow: 'GET, HEAD, POST, OPTIONS' } })
})

it('answers a preflight on a known path with 204', async () => {
  const answer = await core.dispatch(request('OPTIONS', '/pets/1'))
  expect(answer).toMatchObject({ status: 204, headers: { allow: 'GET, HEAD, OPTIONS' } })
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

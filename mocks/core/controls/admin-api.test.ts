import { expect, it } from 'vitest'
import { createPetStoreModel } from '../../model/create-pet-store-model.ts'
import { createPetStoreCore } from '../create-pet-store-core.ts'
import { type AdminGuard, type AdminRequest, answerAdmin } from './admin-api.ts'

const core = createPetStoreCore({ model: await createPetStoreModel({ pets: 3 }) })

function request(method: string, path: string, headers: Record<string, string> = {}, body = ''): AdminRequest {
  return {
    method,
    path,
    search: '',
    header: (name) => headers[name],
    readBody: async () => ({ kind: 'bytes', bytes: new TextEncoder().encode(body) }),
  }
}

const closed: AdminGuard = { open: false }
const guarded: AdminGuard = { open: false, token: 'admin-secret-1' }

it('answers 403 off loopback when no admin token is configured', async () => {
  const answer = await answerAdmin(core, closed, request('GET', '/__mock/rules'))
  expect(answer.status).toBe(403)
  expect(JSON.parse(String(answer.body))).toMatchObject({ code: 'forbidden', status: 403 })
})

it('answers 401 off loopback without the admin token, and never repeats a token', async () => {
  for (const authorization of [undefined, 'Bearer wrong', 'admin-secret-1', 'Basic admin-secret-1']) {
    const headers: Record<string, string> = authorization ? { authorization } : {}
    const answer = await answerAdmin(core, guarded, request('POST', '/__mock/reset', headers))
    expect(answer.status, String(authorization)).toBe(401)
    expect(String(answer.body)).not.toContain('admin-secret-1')
  }
})

it('lets the admin token through off loopback', async () => {
  const answer = await answerAdmin(
    core,
    guarded,
    request('GET', '/__mock/rules', { authorization: 'Bearer admin-secret-1' }),
  )
  expect(answer.status).toBe(200)
  expect(JSON.parse(String(answer.body))).toEqual({ rules: [] })
})

it('answers an unknown admin path with 404 and another method with 405 and Allow', async () => {
  expect((await answerAdmin(core, { open: true }, request('GET', '/__mock/nothing'))).status).toBe(404)
  const wrong = await answerAdmin(core, { open: true }, request('PUT', '/__mock/reset'))
  expect(wrong).toMatchObject({ status: 405, headers: { allow: 'POST' } })
})

it.each([
  ['invalid JSON', '{"method":', 'invalid_json'],
  ['a prototype key', '{"__proto__":{"status":500},"method":"GET","path":"/v1/pets","status":500}', 'invalid_rule'],
  ['a constructor key', '{"constructor":{},"method":"GET","path":"/v1/pets","status":500}', 'invalid_rule'],
  ['a huge path', JSON.stringify({ method: 'GET', path: `/v1/${'p'.repeat(100_000)}`, status: 500 }), 'invalid_rule'],
  ['an empty body', '', 'invalid_body'],
])('refuses a rule with %s and adds nothing', async (_kind, body, code) => {
  const answer = await answerAdmin(
    core,
    { open: true },
    request('POST', '/__mock/rules', { 'content-type': 'application/json' }, body),
  )
  expect(answer.status).toBe(400)
  expect(JSON.parse(String(answer.body))).toMatchObject({ code, status: 400 })
  expect(core.sessions.default.rules.list()).toEqual([])
  expect(({} as Record<string, unknown>).status).toBeUndefined()
})

it('refuses a rule body over 1 MiB unread', async () => {
  const answer = await answerAdmin(
    core,
    { open: true },
    {
      ...request('POST', '/__mock/rules', { 'content-type': 'application/json' }),
      readBody: async () => ({ kind: 'too-large' }),
    },
  )
  expect(answer.status).toBe(413)
})

it('refuses a repeated journal filter', async () => {
  const answer = await answerAdmin(
    core,
    { open: true },
    { ...request('GET', '/__mock/requests'), search: 'method=GET&method=POST' },
  )
  expect(answer.status).toBe(400)
})

it('answers a browser preflight before the guard, granting nothing by itself', async () => {
  const answer = await answerAdmin(core, closed, request('OPTIONS', '/__mock/rules'))
  expect(answer).toMatchObject({ status: 204, headers: { allow: 'GET, POST, DELETE, OPTIONS' } })
  expect(answer.headers['access-control-allow-headers']).toMatch(/Authorization/)
  expect((await answerAdmin(core, closed, request('POST', '/__mock/reset'))).status).toBe(403)
})

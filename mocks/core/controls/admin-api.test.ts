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
    headerNames: () => Object.keys(headers),
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

it('answers a method it does not recognise with 501 and no Allow, as the API does', async () => {
  const answer = await answerAdmin(core, { open: true }, request('PROPFIND', '/__mock/reset'))
  expect(answer.status).toBe(501)
  expect(answer.headers.allow).toBeUndefined()
  expect(JSON.parse(String(answer.body))).toMatchObject({ code: 'not_implemented', status: 501 })
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

const loopback = { host: '127.0.0.1:4010' }

it('answers a loopback page with CORS for its own origin only, never *', async () => {
  const origin = 'http://localhost:5173'
  const answer = await answerAdmin(core, { open: true }, request('GET', '/__mock/rules', { ...loopback, origin }))
  expect(answer.status).toBe(200)
  expect(answer.headers).toMatchObject({ 'access-control-allow-origin': origin, vary: 'Origin' })
  const preflight = await answerAdmin(
    core,
    { open: true },
    request('OPTIONS', '/__mock/state', { ...loopback, origin }),
  )
  expect(preflight).toMatchObject({ status: 204, headers: { 'access-control-allow-origin': origin } })
})

it('refuses a page of another origin with a 403 and no CORS header, preflight included', async () => {
  for (const method of ['GET', 'OPTIONS', 'POST']) {
    const headers = { ...loopback, origin: 'https://attacker.example' }
    const answer = await answerAdmin(core, { open: true }, request(method, '/__mock/reset', headers))
    expect(answer.status, method).toBe(403)
    expect(JSON.parse(String(answer.body))).toMatchObject({ code: 'forbidden', status: 403 })
    expect(answer.headers['access-control-allow-origin'], method).toBeUndefined()
  }
})

it.each([
  ['another Host', { host: 'attacker.example:4010' }, /addressed to "attacker\.example:4010"/],
  ['Forwarded', { ...loopback, forwarded: 'for=192.0.2.1' }, /proxy \(a forwarded header\)/],
  ['X-Forwarded-For', { ...loopback, 'x-forwarded-for': '192.0.2.1' }, /x-forwarded-for/],
  ['X-Forwarded-Host', { ...loopback, 'x-forwarded-host': 'localhost' }, /x-forwarded-host/],
  ['Origin: null', { ...loopback, origin: 'null' }, /web page at "null"/],
])('refuses a request with %s on loopback, unless it carries the admin token', async (_kind, headers, reason) => {
  const refused = await answerAdmin(core, { open: true, token: 't0k' }, request('GET', '/__mock/requests', headers))
  expect(refused.status).toBe(403)
  expect(JSON.parse(String(refused.body)).message).toMatch(reason)
  const withToken = { ...headers, authorization: 'Bearer t0k' }
  const admitted = await answerAdmin(core, { open: true, token: 't0k' }, request('GET', '/__mock/requests', withToken))
  expect(admitted.status).toBe(200)
  expect(admitted.headers['access-control-allow-origin']).toBeUndefined()
})

it('answers a Host and an Origin the user allowed, subdomains for a leading dot', async () => {
  const guard = { open: true, allowedHosts: ['mock.test', '.dev.example'] }
  for (const host of ['mock.test:4010', 'MOCK.TEST', 'api.dev.example', 'dev.example:80', 'localhost', '127.1:4010']) {
    const answer = await answerAdmin(core, guard, request('GET', '/__mock/rules', { host, origin: `http://${host}` }))
    expect(answer.status, host).toBe(200)
  }
  for (const host of ['mock.test.evil', 'evilmock.test', 'example', '10.0.0.1', 'localhost.evil']) {
    expect((await answerAdmin(core, guard, request('GET', '/__mock/rules', { host }))).status, host).toBe(403)
  }
})

it.each([
  ['text/plain', 'POST', '/__mock/reset', 'x'],
  ['application/x-www-form-urlencoded', 'POST', '/__mock/rules', 'method=GET'],
  ['multipart/form-data; boundary=x', 'PUT', '/__mock/state', '--x--'],
  ['text/plain', 'DELETE', '/__mock/rules', ''],
])('refuses a %s body on %s %s with a 415 and changes nothing', async (contentType, method, path, body) => {
  core.sessions.default.rules.add({ method: 'GET', path: '/v1/pets', status: 503 })
  const headers = { ...loopback, 'content-type': contentType, 'content-length': String(body.length) }
  const answer = await answerAdmin(core, { open: true }, request(method, path, headers, body))
  expect(answer.status).toBe(415)
  expect(JSON.parse(String(answer.body))).toMatchObject({ code: 'unsupported_media_type', status: 415 })
  expect(core.sessions.default.rules.list()).toHaveLength(1)
  core.sessions.default.rules.clear()
})

it('takes a state-changing call with no body and no Content-Type, as curl -X POST sends it', async () => {
  const answer = await answerAdmin(core, { open: true }, request('POST', '/__mock/reset', loopback))
  expect(answer.status).toBe(204)
  const unlabelled = await answerAdmin(
    core,
    { open: true },
    request('POST', '/__mock/reset', { ...loopback, 'content-length': '3' }, 'abc'),
  )
  expect(unlabelled.status).toBe(415)
})

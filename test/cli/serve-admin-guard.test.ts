import { request as httpRequest } from 'node:http'
import { afterEach, expect, it } from 'vitest'
import { runServeProcess, type ServeProcess, startServeProcess } from '../support/start-serve-process.ts'

const token = 'admin-secret-9f3c2e'
const apiKey = { authorization: 'Bearer petstore-dev-key' }
const started: Array<ServeProcess> = []

// Bound to every interface, as `--host 0.0.0.0` is; the test itself only ever connects to 127.0.0.1.
async function serveOnAllInterfaces(args: Array<string>, env: Record<string, string>): Promise<ServeProcess> {
  const serve = await startServeProcess(['--host', '0.0.0.0', '--port', '0', '--pets', '5', ...args], { env })
  started.push(serve)
  if (!serve.url) throw new Error(`Failed to start the server: expected a ready line, got ${serve.output()}`)
  return serve
}

function loopbackOrigin(serve: ServeProcess): string {
  return `http://127.0.0.1:${new URL(serve.url ?? '').port}`
}

async function stop(serve: ServeProcess): Promise<string> {
  if (serve.child.exitCode === null) serve.child.kill('SIGTERM')
  await serve.exited
  return serve.output()
}

afterEach(async () => {
  await Promise.all(started.splice(0).map(stop))
})

it('closes /__mock with a 403 on 0.0.0.0 when no admin token is configured, and says so', async () => {
  const serve = await serveOnAllInterfaces([], { PETSTORE_ADMIN_TOKEN: '' })
  const origin = loopbackOrigin(serve)
  expect(serve.output()).toMatch(/admin API closed \(no admin token\)/)
  for (const authorization of [undefined, 'Bearer anything', `Bearer ${token}`]) {
    const answer = await fetch(`${origin}/__mock/rules`, { headers: authorization ? { authorization } : {} })
    expect(answer.status).toBe(403)
    expect(await answer.json()).toMatchObject({ code: 'forbidden', status: 403 })
  }
  // The API itself still answers: only the admin API is closed.
  expect((await fetch(`${origin}/v1/pets/1`, { headers: apiKey })).status).toBe(200)
})

it('needs the --admin-token on 0.0.0.0: 401 without it or with a wrong one, the admin API with it', async () => {
  const serve = await serveOnAllInterfaces(['--admin-token', token], { PETSTORE_ADMIN_TOKEN: '' })
  const origin = loopbackOrigin(serve)
  expect(serve.output()).toMatch(/admin API needs the admin token at http:\/\/\S+\/__mock/)

  for (const authorization of [undefined, 'Bearer wrong-token', `Bearer ${token}x`, token, 'Bearer petstore-dev-key']) {
    const answer = await fetch(`${origin}/__mock/rules`, { headers: authorization ? { authorization } : {} })
    expect(answer.status).toBe(401)
    expect(answer.headers.get('www-authenticate')).toMatch(/^Bearer/)
    expect(await answer.text()).not.toContain(token)
  }
  const refused = await fetch(`${origin}/__mock/rules`, {
    method: 'POST',
    headers: { authorization: 'Bearer wrong-token', 'content-type': 'application/json' },
    body: JSON.stringify({ method: 'GET', path: '/v1/pets', status: 503 }),
  })
  expect(refused.status).toBe(401)
  // The refused rule changed nothing.
  expect((await fetch(`${origin}/v1/pets`, { headers: apiKey })).status).toBe(200)

  const admin = { authorization: `Bearer ${token}` }
  const added = await fetch(`${origin}/__mock/rules`, {
    method: 'POST',
    headers: { ...admin, 'content-type': 'application/json' },
    body: JSON.stringify({ method: 'GET', path: '/v1/pets', status: 503 }),
  })
  expect(added.status).toBe(201)
  expect((await fetch(`${origin}/v1/pets`, { headers: apiKey })).status).toBe(503)
  expect((await fetch(`${origin}/__mock/rules`, { method: 'DELETE', headers: admin })).status).toBe(204)
  expect((await fetch(`${origin}/v1/pets`, { headers: apiKey })).status).toBe(200)
  const journal = await fetch(`${origin}/__mock/requests`, { headers: admin })
  expect(journal.status).toBe(200)
  expect(JSON.stringify(await journal.json())).not.toContain(token)

  expect(await stop(serve)).not.toContain(token)
})

it('takes the admin token from PETSTORE_ADMIN_TOKEN on 0.0.0.0 and never prints it', async () => {
  const serve = await serveOnAllInterfaces([], { PETSTORE_ADMIN_TOKEN: token })
  const origin = loopbackOrigin(serve)
  expect((await fetch(`${origin}/__mock/state`)).status).toBe(401)
  const state = await fetch(`${origin}/__mock/state`, { headers: { authorization: `Bearer ${token}` } })
  expect(state.status).toBe(200)
  expect(((await state.json()) as { pets: Array<unknown> }).pets).toHaveLength(5)
  expect(await stop(serve)).not.toContain(token)
})

/** A GET with headers fetch cannot set (Host, Forwarded), always to 127.0.0.1: nothing leaves loopback. */
function getRaw(
  serve: ServeProcess,
  path: string,
  headers: Record<string, string>,
): Promise<{ status: number; body: string; cors: string | undefined }> {
  const { port } = new URL(serve.url ?? '')
  return new Promise((resolve, reject) => {
    const request = httpRequest({ host: '127.0.0.1', port, path, headers }, (response) => {
      let body = ''
      response.on('data', (chunk) => (body += chunk))
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          body,
          cors: response.headers['access-control-allow-origin'] as string | undefined,
        }),
      )
    })
    request.on('error', reject)
    request.end()
  })
}

it('answers 403 on loopback to another Host or a forwarded request, unless it carries the token', async () => {
  const serve = await startServeProcess(['--port', '0', '--pets', '5', '--allowed-host', 'mock.test'], {
    env: { PETSTORE_ADMIN_TOKEN: token },
  })
  started.push(serve)
  const { port } = new URL(serve.url ?? '')
  const local = `127.0.0.1:${port}`
  const refusedHeaders: Array<Record<string, string>> = [
    { host: 'attacker.example' },
    { host: `attacker.example:${port}` },
    { host: local, 'x-forwarded-for': '203.0.113.9' },
    { host: local, forwarded: 'for=203.0.113.9;host=mock.example' },
    { host: local, origin: 'https://attacker.example' },
  ]
  for (const headers of refusedHeaders) {
    const refused = await getRaw(serve, '/__mock/requests', headers)
    expect(refused.status, JSON.stringify(headers)).toBe(403)
    expect(JSON.parse(refused.body)).toMatchObject({ code: 'forbidden', status: 403 })
    expect(refused.cors).toBeUndefined()
    const admitted = await getRaw(serve, '/__mock/requests', { ...headers, authorization: `Bearer ${token}` })
    expect(admitted.status, JSON.stringify(headers)).toBe(200)
  }
  for (const host of [local, `localhost:${port}`, `[::1]:${port}`, `mock.test:${port}`])
    expect((await getRaw(serve, '/__mock/requests', { host })).status, host).toBe(200)
  // The API itself answers any Host and any Origin, with CORS: browser apps of every origin call it.
  const api = await getRaw(serve, '/v1/pets/1', { ...apiKey, host: 'attacker.example', origin: 'https://app.example' })
  expect(api).toMatchObject({ status: 200, cors: '*' })
  expect(await stop(serve)).not.toContain(token)
})

it('refuses an --allowed-host that is not a host name with one line and exit code 2', async () => {
  const { code, stdout, stderr } = await runServeProcess(['--port', '0', '--allowed-host', 'mock.test:8080'])
  expect(code).toBe(2)
  expect(stdout).toBe('')
  expect(stderr.trim()).toBe(
    'error: --allowed-host expects a host name or address without a port (a leading dot allows the names under it), ' +
      'got "mock.test:8080".',
  )
})

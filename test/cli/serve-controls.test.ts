import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, expect, it } from 'vitest'

const serveScript = fileURLToPath(new URL('../../scripts/serve.ts', import.meta.url))
const auth = { authorization: 'Bearer petstore-dev-key' }

let child: ReturnType<typeof spawn>
let output = ''
let baseUrl = ''
let admin = ''

// The controls over HTTP against the serve CLI, as `npm start -- …` runs it.
beforeAll(async () => {
  child = spawn(
    process.execPath,
    ['--import', 'tsx', serveScript, '--port', '0', '--pets', '10', '--journal-size', '2', '--max-sessions', '1'],
    {
      env: { ...process.env, PETSTORE_API_KEY: '', PETSTORE_ADMIN_TOKEN: 'admin-token-xyz' },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  )
  child.stdout?.on('data', (chunk) => (output += chunk))
  child.stderr?.on('data', (chunk) => (output += chunk))
  await new Promise<void>((resolve, reject) => {
    child.stdout?.on('data', () => output.includes('ready') && resolve())
    child.once('exit', () => reject(new Error(`serve exited: ${output}`)))
  })
  baseUrl = /(http:\/\/\S+\/v1)/.exec(output)?.[1] ?? ''
  admin = `${new URL(baseUrl).origin}/__mock`
})

afterAll(async () => {
  child.kill('SIGTERM')
  await once(child, 'exit')
})

it('says where the admin API is and that it is open on loopback, never printing the admin token', () => {
  expect(output).toMatch(/admin API open on loopback at http:\/\/127\.0\.0\.1:\d+\/__mock/)
  expect(output).not.toContain('admin-token-xyz')
})

it('adds a rule over HTTP that the next request meets, then lists and deletes it', async () => {
  const added = await fetch(`${admin}/rules`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ method: 'GET', path: '/v1/pets', status: 503 }),
  })
  expect(added.status).toBe(201)
  const { id } = (await added.json()) as { id: string }
  expect((await fetch(`${baseUrl}/pets`, { headers: auth })).status).toBe(503)
  expect(await (await fetch(`${admin}/rules`)).json()).toEqual({ rules: [expect.objectContaining({ id })] })
  expect((await fetch(`${admin}/rules/${id}`, { method: 'DELETE' })).status).toBe(204)
  expect((await fetch(`${baseUrl}/pets`, { headers: auth })).status).toBe(200)
})

it('keeps only --journal-size requests and resets on POST /__mock/reset', async () => {
  await fetch(`${baseUrl}/pets?limit=1`, { headers: auth })
  await fetch(`${baseUrl}/pets?limit=2`, { headers: auth })
  await fetch(`${baseUrl}/pets?limit=3`, { headers: { ...auth, prefer: 'code=500' } })
  const { requests } = (await (await fetch(`${admin}/requests`)).json()) as {
    requests: Array<{ query: string; status: number }>
  }
  expect(requests.map((entry) => [entry.query, entry.status])).toEqual([
    ['limit=2', 200],
    ['limit=3', 500],
  ])
  expect((await fetch(`${admin}/reset`, { method: 'POST' })).status).toBe(204)
  expect(await (await fetch(`${admin}/requests`)).json()).toEqual({ requests: [] })
})

it('keeps at most --max-sessions session stores', async () => {
  const create = (session: string) =>
    fetch(`${baseUrl}/pets`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json', 'x-mock-session': session },
      body: '{"name":"Rex","categoryId":1}',
    })
  expect(await (await create('one')).json()).toMatchObject({ id: 11 })
  expect(await (await create('two')).json()).toMatchObject({ id: 11 })
  // "one" was dropped for "two": it starts again from the seeded store.
  expect(await (await create('one')).json()).toMatchObject({ id: 11 })
})

it('lists the control options in --help', async () => {
  const help = spawn(process.execPath, ['--import', 'tsx', serveScript, '--help'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let text = ''
  help.stdout.on('data', (chunk) => (text += chunk))
  await once(help, 'exit')
  for (const option of [
    '--admin-token',
    '--allowed-host',
    'X-Forwarded-*',
    'arguments show in\nps',
    'PETSTORE_API_KEY=key-a,key-b PETSTORE_ADMIN_TOKEN=s3cret',
    '--journal-size',
    '--max-sessions',
    'PETSTORE_ADMIN_TOKEN',
    'Prefer',
    '/__mock',
  ])
    expect(text).toContain(option)
})

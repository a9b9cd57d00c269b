import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { fileURLToPath } from 'node:url'
import { expect, it } from 'vitest'

const serveScript = fileURLToPath(new URL('../../scripts/serve.ts', import.meta.url))

/** Runs the serve CLI with tsx; resolves once it prints its ready line (or exits). */
async function startServe(args: Array<string>, env: Record<string, string> = {}) {
  const child = spawn(process.execPath, ['--import', 'tsx', serveScript, ...args], {
    env: { ...process.env, PETSTORE_API_KEY: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let stdout = ''
  let stderr = ''
  child.stdout.on('data', (chunk) => (stdout += chunk))
  child.stderr.on('data', (chunk) => (stderr += chunk))
  const exited = once(child, 'exit') as Promise<[number | null, string | null]>
  await Promise.race([
    new Promise<void>((resolve) => child.stdout.on('data', () => stdout.includes('ready') && resolve())),
    exited,
  ])
  const url = /(http:\/\/\S+\/v1)/.exec(stdout)?.[1]
  return { child, url, output: () => stdout + stderr, exited }
}

it('prints one ready line with both base URLs and stops cleanly on SIGTERM', async () => {
  const serve = await startServe(['--port', '0', '--seed', '9'])
  expect(serve.output()).toMatch(
    /ready: http:\/\/127\.0\.0\.1:\d+\/v1 \(messages: http:\/\/127\.0\.0\.1:\d+\/messages\)/,
  )
  const response = await fetch(`${serve.url}/pets?limit=2`, { headers: { authorization: 'Bearer petstore-dev-key' } })
  expect(await response.json()).toHaveLength(2)
  serve.child.kill('SIGTERM')
  const [code] = await serve.exited
  expect(code).toBe(0)
})

it('accepts keys from PETSTORE_API_KEY, refuses the development key then, and never prints them', async () => {
  const serve = await startServe(['--port', '0'], { PETSTORE_API_KEY: 'alpha-key-1, beta-key-2' })
  try {
    const status = async (key: string) =>
      (await fetch(`${serve.url}/pets`, { headers: { authorization: `Bearer ${key}` } })).status
    expect(await status('alpha-key-1')).toBe(200)
    expect(await status('beta-key-2')).toBe(200)
    expect(await status('petstore-dev-key')).toBe(401)
    expect(serve.output()).not.toMatch(/alpha-key-1|beta-key-2/)
  } finally {
    serve.child.kill('SIGINT')
    await serve.exited
  }
})

it('takes repeated --api-key flags over the environment', async () => {
  const serve = await startServe(['--port', '0', '--api-key', 'flag-one', '--api-key', 'flag-two'], {
    PETSTORE_API_KEY: 'env-key',
  })
  try {
    const status = async (key: string) =>
      (await fetch(`${serve.url}/pets`, { headers: { authorization: `Bearer ${key}` } })).status
    expect([await status('flag-one'), await status('flag-two'), await status('env-key')]).toEqual([200, 200, 401])
    expect(serve.output()).not.toMatch(/flag-one|flag-two/)
  } finally {
    serve.child.kill('SIGINT')
    await serve.exited
  }
})

it('refuses a bad option with one line and exit code 2', async () => {
  const serve = await startServe(['--port', 'eighty'])
  const [code] = await serve.exited
  expect(code).toBe(2)
  expect(serve.output().trim()).toBe('error: --port expects a whole number from 0 to 65535, got "eighty".')
})

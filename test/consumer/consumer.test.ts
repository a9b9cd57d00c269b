import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { chromiumPath } from '../../tools/chromium-path.ts'
import { installConsumer } from './install-consumer.ts'
import { packPackage } from './pack-package.ts'
import { consumerEnv, runCommand } from './run-command.ts'

// The oldest and the newest msw the peer range claims (^2.10.0): each gets its own consumer project.
const mswVersions = ['2.10.0', '2.15.0'] as const
const checkers = fileURLToPath(new URL('../../node_modules/.bin/', import.meta.url))

let tarball: string
const projects = new Map<string, string>()

beforeAll(async () => {
  tarball = await packPackage()
  // One tarball, one install per msw version, both at once.
  const dirs = await Promise.all(mswVersions.map((version) => installConsumer(tarball, version)))
  for (const [index, version] of mswVersions.entries()) projects.set(version, dirs[index]!)
}, 600_000)

afterAll(async () => {
  await Promise.all(
    [...projects.values(), tarball && dirname(tarball)].map((dir) => dir && rm(dir, { recursive: true, force: true })),
  )
})

describe.concurrent('the packed tarball', { timeout: 120_000 }, () => {
  it('ships compiled JavaScript, declarations and the spec, and no tests', async () => {
    const listing = await runCommand('tar', ['tzf', tarball], { cwd: tmpdir() })
    const files = listing.stdout.trim().split('\n')
    expect(files).toContain('package/dist/mocks/index.js')
    expect(files).toContain('package/dist/mocks/index.d.ts')
    expect(files).toContain('package/dist/contract-tests/vitest/contract.suite.js')
    expect(files).toContain('package/spec/openapi.yaml')
    expect(
      files.filter((file) => /\.test\.|\/(test|bench|tools|scripts)\/|\.ts$/.test(file.replace(/\.d\.ts$/, ''))),
    ).toEqual([])
  })

  it('passes publint', async () => {
    const result = await runCommand(join(checkers, 'publint'), ['run', tarball, '--strict'], { cwd: tmpdir() })
    expect(result.stdout + result.stderr).toContain('All good!')
    expect(result.code).toBe(0)
  })

  it('passes Are the Types Wrong for ESM consumers, on every module entry point', async () => {
    // openapi.yaml is a file to read, not a module: attw would look for its types.
    const result = await runCommand(
      join(checkers, 'attw'),
      [tarball, '--profile', 'esm-only', '--exclude-entrypoints', './openapi.yaml', '--no-color'],
      { cwd: tmpdir() },
    )
    expect(result.code).toBe(0)
    for (const entry of ['', '/msw', '/node', '/browser', '/playwright', '/contract']) {
      expect(result.stdout).toContain(`"petstore-contract${entry}"`)
    }
  })
})

// Installs are shared, checks run side by side: each may wait for the others on a busy machine.
describe.concurrent.each(mswVersions)('a project with msw %s', { timeout: 300_000 }, (version) => {
  const project = () => projects.get(version)!

  it('installs exactly one msw: its own', async () => {
    const result = await runCommand('npm', ['query', '#msw'], { cwd: project() })
    const copies = JSON.parse(result.stdout) as Array<{ version: string; location: string }>
    expect(copies.map(({ version, location }) => ({ version, location }))).toEqual([
      { version, location: 'node_modules/msw' },
    ])
  })

  it('serves the handlers through its own setupServer under plain node', async () => {
    const result = await runCommand('node', ['node-check.mjs'], { cwd: project() })
    expect(result.stderr).not.toMatch(/without a matching request handler/)
    expect(result.code).toBe(0)
    expect(JSON.parse(result.stdout)).toMatchObject({
      specVersion: '3.1.0',
      list: { status: 200, count: 3 },
      created: { status: 201, body: { id: 51, name: 'Rex', categoryId: 1, status: 'available' } },
      anonymous: { status: 401, body: { code: 'unauthorized', status: 401 } },
      fromHandlers: { status: 200, body: { id: 1 } },
    })
  })

  it('accepts the types under its own tsc (strict, NodeNext)', async () => {
    const result = await runCommand('npx', ['tsc', '-p', '.'], { cwd: project() })
    expect(result.stdout).not.toContain('error TS')
    expect(result.code).toBe(0)
  })

  it('bundles an app with its esbuild that runs the mock in Chromium, and uses the Playwright fixture', async () => {
    const bundle = await runCommand(
      'npx',
      [
        'esbuild',
        'app/main.ts',
        '--bundle',
        '--format=esm',
        '--target=es2022',
        '--outfile=public/app.js',
        '--log-level=error',
      ],
      { cwd: project() },
    )
    expect(bundle.stderr).not.toMatch(/error/i)
    expect(bundle.code).toBe(0)
    const run = await runCommand('npx', ['playwright', 'test'], {
      cwd: project(),
      env: { CHROMIUM_PATH: chromiumPath },
    })
    expect(run.stdout).toMatch(/\b6 passed\b/)
    expect(run.code).toBe(0)
  })

  it('runs npx petstore-mock, then npx petstore-contract (own vitest config aside): exit 0, JUnit', async () => {
    const port = await freePort()
    const key = 'consumer-key-7'
    const mock = spawn('npx', ['petstore-mock', '--port', String(port), '--api-key', key], {
      cwd: project(),
      env: consumerEnv(),
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    })
    const reportDir = await mkdtemp(join(tmpdir(), 'petstore-consumer-report-'))
    try {
      let output = ''
      mock.stdout.on('data', (chunk) => (output += chunk))
      await Promise.race([
        new Promise<void>((resolve) => mock.stdout.on('data', () => output.includes('ready') && resolve())),
        once(mock, 'exit').then(() => Promise.reject(new Error(`petstore-mock exited: ${output}`))),
      ])
      expect(output).toContain(`ready: http://127.0.0.1:${port}/v1`)
      const contract = await runCommand(
        'npx',
        [
          'petstore-contract',
          ...['--base-url', `http://127.0.0.1:${port}/v1`, '--messages-base-url', `http://127.0.0.1:${port}`],
          ...['--api-key', key, '--report-dir', reportDir],
        ],
        { cwd: project() },
      )
      expect(contract.stdout).toContain('Verdict: CONFORMANT (exit 0)')
      expect(contract.code).toBe(0)
      expect(contract.stdout + contract.stderr).not.toContain(key)
      const junit = await readFile(join(reportDir, 'junit.xml'), 'utf8')
      expect(junit).toMatch(/<testsuites[^>]* failures="0"/)
    } finally {
      if (mock.exitCode === null && mock.pid !== undefined) process.kill(-mock.pid, 'SIGTERM')
      await rm(reportDir, { recursive: true, force: true })
    }
  })
})

async function freePort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as { port: number }
  await new Promise((resolve) => server.close(resolve))
  return port
}

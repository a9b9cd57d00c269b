import { mkdtemp, readdir, readFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, expect, it } from 'vitest'
import { startPetStoreServer } from '../../mocks/node/start-pet-store-server.ts'
import { scaledMs } from '../../tools/time-scale.ts'
import { originForm } from '../support/origin-form.ts'
import { runContractProcess } from '../support/run-contract-process.ts'
import { type StubServer, startStubServer } from '../support/start-stub-server.ts'
import { useTestSeed } from '../support/test-seed.ts'

const cleanups: Array<() => Promise<void>> = []
afterEach(async () => {
  await Promise.all(cleanups.splice(0).map((cleanup) => cleanup()))
})

const reportDir = () => mkdtemp(join(tmpdir(), 'contract-report-'))
// The runs that explore (the generated and stateful phases) draw their requests from the tests' seed.
const seeded = ['--seed', String(useTestSeed())]

async function stub(handler: Parameters<typeof startStubServer>[0]): Promise<StubServer> {
  const server = await startStubServer(handler)
  cleanups.push(server.close)
  return server
}

it('prints its help and exits 0', async () => {
  const run = await runContractProcess(['--help'])
  expect(run.code).toBe(0)
  expect(run.stdout).toContain('Usage: npm run contract')
  expect(run.stdout).toContain('--strict')
})

it.each([
  [['--target', 'moon'], '--target must be one of mock, local, staging, production, got "moon".'],
  [['--target', 'staging'], '--target staging needs PETSTORE_STAGING_URL (or --base-url) to say where staging is.'],
  [
    ['--base-url', 'ftp://x.test/v1', '--api-key', 'contract-test-key'],
    '--base-url must use http or https, got "ftp:".',
  ],
  [['--only', 'nonsense'], '--only does not know "nonsense"'],
  [['--bogus'], "Unknown option '--bogus'"],
])('exits 2 with one line for the usage error %j', async (args, message) => {
  const run = await runContractProcess(args)
  expect(run.code).toBe(2)
  expect(run.stderr.trim().split('\n')).toHaveLength(1)
  expect(run.stderr).toContain(message)
  expect(run.stderr).not.toMatch(/\n\s+at /)
})

it('exits 2 within seconds when nothing listens at the base URL', async () => {
  const closed = await startStubServer(() => {})
  await closed.close()
  const run = await runContractProcess(['--base-url', `${closed.url}/v1`, '--api-key', 'contract-test-key'])
  expect(run.code).toBe(2)
  expect(run.stderr.trim()).toMatch(/^error: The target is unreachable at .*ECONNREFUSED\.$/)
  expect(run.ms).toBeLessThan(scaledMs(10_000))
})

it('passes the in-process mock by default and writes JSON, JUnit and HTML reports', async () => {
  const dir = await reportDir()
  const run = await runContractProcess(['--report-dir', dir, ...seeded])
  expect(run.code, run.stdout + run.stderr).toBe(0)
  expect(run.stdout).toContain('Verdict: CONFORMANT (exit 0)')
  expect((await readdir(dir)).sort()).toEqual(['contract-report.html', 'contract-report.json', 'junit.xml'])
  const report = JSON.parse(await readFile(join(dir, 'contract-report.json'), 'utf8'))
  expect(report.exitCode).toBe(0)
  expect(report.scenarios.length).toBeGreaterThan(50)
})

it('passes the standalone mock over HTTP with --target local', async () => {
  const run = await runContractProcess(['--target', 'local', '--report-dir', await reportDir(), ...seeded])
  expect(run.code, run.stdout + run.stderr).toBe(0)
  expect(run.stdout).toMatch(/against local \(standalone mock\): http:\/\/127\.0\.0\.1:\d+\/v1/)
})

it('compares the target with the in-process mock under --compare-with mock, and only then', async () => {
  const dir = await reportDir()
  const only = ['--only', 'createPet,listPets']
  const run = await runContractProcess(['--target', 'local', '--compare-with', 'mock', ...only, '--report-dir', dir])
  expect(run.code, run.stdout + run.stderr).toBe(0)
  // The standalone mock and the in-process mock answer alike.
  expect(run.stdout).toContain('Compared with the in-process mock (0 differences the interface leaves open):')
  const report = JSON.parse(await readFile(join(dir, 'contract-report.json'), 'utf8'))
  expect(report.comparison).toEqual([])
  const without = await runContractProcess(['--target', 'local', ...only, '--report-dir', await reportDir()])
  expect(without.stdout).not.toContain('Compared with')
})

it('exits 1 against a server that breaks the contract, naming the check', async () => {
  const broken = await stub((_request, response) => {
    response.writeHead(200, { 'content-type': 'application/json' })
    response.end('{"items":[]}')
  })
  const run = await runContractProcess([
    '--base-url',
    `${broken.url}/v1`,
    '--api-key',
    'contract-test-key',
    '--read-only',
    '--report-dir',
    await reportDir(),
  ])
  expect(run.code).toBe(1)
  expect(run.stdout).toContain('[response_schema_conformance]')
  expect(run.stdout).toContain('[auth_required]')
  expect(run.stdout).toMatch(/reproduce: curl -sS -i /)
})

it('sends only GET and HEAD to production unless --allow-writes, and says so', async () => {
  const methods: Array<string> = []
  const server = await startPetStoreServer({
    apiKeys: ['prod-key-123'],
    configure: (http) => http.on('request', (request) => methods.push(request.method ?? '')),
  })
  const { baseUrl } = server
  cleanups.push(server.close)
  const run = await runContractProcess(['--target', 'production', '--report-dir', await reportDir(), ...seeded], {
    PETSTORE_PRODUCTION_URL: baseUrl,
    PETSTORE_API_KEY: 'prod-key-123',
  })
  expect(run.code, run.stdout + run.stderr).toBe(0)
  expect(new Set(methods)).toEqual(new Set(['GET', 'HEAD']))
  expect(run.stdout).toContain('Unsafe requests sent: 0')
  expect(run.stdout).toMatch(/Skipped \(\d+\):\n {2}- createPet answers 401/)
})

it('never writes the API key to the console or any report, even when the target echoes it', async () => {
  const key = 'sk-live-RECOGNISABLE-0123456789'
  const echoing = await stub((request, response) => {
    response.writeHead(401, { 'content-type': 'application/json', 'x-echo': String(request.headers.authorization) })
    response.end(
      JSON.stringify({
        code: 'unauthorized',
        message: `bad key ${request.headers.authorization}`,
        status: 500,
        url: request.url,
      }),
    )
  })
  const dir = await reportDir()
  const run = await runContractProcess(['--base-url', `${echoing.url}/v1`, '--api-key', key, '--report-dir', dir])
  expect(run.code).toBe(1)
  const written = await Promise.all((await readdir(dir)).map((name) => readFile(join(dir, name), 'utf8')))
  for (const text of [run.stdout, run.stderr, ...written]) {
    expect(text).not.toContain(key)
    expect(text).not.toContain('RECOGNISABLE')
  }
  expect(run.stdout).toContain('$PETSTORE_API_KEY')
})

it(
  'passes a server that forgives an unknown status filter, naming the deviation; fails it with --strict',
  async () => {
    const key = 'contract-strict-key'
    const mock = await startPetStoreServer({ apiKeys: [key] })
    const { baseUrl } = mock
    cleanups.push(() => mock.close())
    const origin = new URL(baseUrl).origin
    // The standalone mock, except that an unknown status filter gets an empty list instead of a 400.
    const forgiving = await stub(async (request, response) => {
      const chunks: Array<Buffer> = []
      for await (const chunk of request) chunks.push(chunk as Buffer)
      if (request.url?.includes('status=unknown-status') && request.headers.authorization === `Bearer ${key}`) {
        response.writeHead(200, { 'content-type': 'application/json' })
        return response.end('[]')
      }
      const headers = Object.fromEntries(
        ['authorization', 'content-type', 'accept'].flatMap((name) => {
          const value = request.headers[name]
          return typeof value === 'string' ? [[name, value]] : []
        }),
      )
      const answer = await fetch(`${origin}${originForm(request.url)}`, {
        method: request.method,
        headers,
        body: chunks.length > 0 ? Buffer.concat(chunks) : undefined,
      })
      response.writeHead(answer.status, Object.fromEntries(answer.headers))
      response.end(Buffer.from(await answer.arrayBuffer()))
    })
    const args = ['--base-url', `${forgiving.url}/v1`, '--api-key', key, '--read-only', ...seeded, '--report-dir']
    const lenient = await runContractProcess([...args, await reportDir()])
    expect(lenient.code, lenient.stdout + lenient.stderr).toBe(0)
    expect(lenient.stdout).toContain('! [invalid_status_rejected] status=unknown-status is forgiven with 200')
    expect(lenient.stdout).toContain("deviation from the spec's choice (x-mock-behaviour)")
    expect(lenient.stdout).toContain('Findings: 0 violation(s), 1 deviation(s)')

    const strict = await runContractProcess([...args, await reportDir(), '--strict'])
    expect(strict.code, strict.stdout + strict.stderr).toBe(1)
    expect(strict.stdout).toContain('✗ [invalid_status_rejected]')
    expect(strict.stdout).toContain('Verdict: DEVIATIONS FROM THE SPEC (--strict) (exit 1)')
  },
  scaledMs(90_000),
)

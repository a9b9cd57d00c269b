import { mkdtemp, readdir, readFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, expect, it } from 'vitest'
import { startPetStoreServer } from '../../mocks/node/start-pet-store-server.ts'
import { scaledMs } from '../../tools/time-scale.ts'
import { runContractProcess } from '../support/run-contract-process.ts'
import { startProxyServer } from '../support/start-proxy-server.ts'
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
  expect(run.stdout).toMatch(/A run that writes leaves what it creates on the target[\s\S]*pass\s+--read-only/)
})

it('says first, against a deployment, that a run that writes leaves its pets there, and how not to', async () => {
  const server = await startPetStoreServer({ apiKeys: ['contract-test-key'] })
  cleanups.push(server.close)
  const target = ['--base-url', server.baseUrl, '--api-key', 'contract-test-key', '--only', 'createPet']
  const writes = await runContractProcess([...target, '--report-dir', await reportDir()])
  expect(writes.code, writes.stdout + writes.stderr).toBe(0)
  const [first] = writes.stderr.split('\n')
  expect(first).toContain(`Note: this run writes to 127.0.0.1:${new URL(server.baseUrl).port} (${server.baseUrl})`)
  expect(first).toMatch(/the interface has no delete, so they stay .* Pass --read-only /)
  expect(writes.stdout).toMatch(/^Created: \d+ pets? on the target/m)
  const reads = await runContractProcess([...target, '--read-only', '--report-dir', await reportDir()])
  expect(reads.code, reads.stdout + reads.stderr).toBe(0)
  expect(reads.stderr).not.toContain('Note: this run writes')
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
  // unsupported_method sends every method a path lacks and an unknown one (decision record 038).
  const only = ['--only', 'createPet,listPets,unsupported_method']
  const run = await runContractProcess(['--target', 'local', '--compare-with', 'mock', ...only, '--report-dir', dir])
  expect(run.code, run.stdout + run.stderr).toBe(0)
  expect(run.stdout).toMatch(/unsupported_method +\d+ passed/)
  // The standalone mock and the in-process mock answer alike.
  expect(run.stdout).toContain('Compared with the in-process mock (0 differences the interface leaves open):')
  const report = JSON.parse(await readFile(join(dir, 'contract-report.json'), 'utf8'))
  expect(report.comparison).toEqual([])
  const without = await runContractProcess(['--target', 'local', ...only, '--report-dir', await reportDir()])
  expect(without.stdout).not.toContain('Compared with')
  // The mock it started is gone with the run: nothing is left anywhere, so nothing is said.
  expect(run.stderr + without.stderr).not.toContain('Note: this run writes')
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
    // The first list is answered (a target that refused the key on every request would be a configuration fault, not
    // judged); every other request is refused with the key echoed in a header and the body.
    if (request.url === '/v1/pets?limit=100' && request.headers.authorization === `Bearer ${key}`) {
      response.writeHead(200, { 'content-type': 'application/json' })
      return void response.end('[]')
    }
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
  // Every file the run wrote, those beside the reports too (request-bodies/): none may hold the key.
  const files = (await readdir(dir, { recursive: true, withFileTypes: true })).filter((entry) => entry.isFile())
  expect(files.length).toBeGreaterThan(3)
  const written = await Promise.all(files.map((entry) => readFile(join(entry.parentPath, entry.name), 'utf8')))
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
    // The standalone mock, except that an unknown status filter gets an empty list instead of a 400.
    const forgiving = await startProxyServer(baseUrl, async (upstream, request) =>
      request.url?.includes('status=unknown-status') && request.headers.authorization === `Bearer ${key}`
        ? { status: 200, headers: { 'content-type': 'application/json' }, body: Buffer.from('[]') }
        : upstream,
    )
    cleanups.push(forgiving.close)
    const args = ['--base-url', `${forgiving.url}/v1`, '--api-key', key, '--read-only', ...seeded, '--report-dir']
    const lenient = await runContractProcess([...args, await reportDir()])
    expect(lenient.code, lenient.stdout + lenient.stderr).toBe(0)
    expect(lenient.stdout).toContain('! [invalid_status_rejected] status=unknown-status is forgiven with 200')
    expect(lenient.stdout).toContain("deviation from the spec's choice (x-mock-behaviour)")
    // The front's own node:http answers a 64 KiB target 431 (long_request_target) where the mock says 414: its own.
    expect(lenient.stdout).toMatch(/Findings: 0 violation\(s\), \d+ deviation\(s\)/)
    expect(lenient.stdout.match(/! \[invalid_status_rejected\]/g)).toHaveLength(1)

    const strict = await runContractProcess([...args, await reportDir(), '--strict'])
    expect(strict.code, strict.stdout + strict.stderr).toBe(1)
    expect(strict.stdout).toContain('✗ [invalid_status_rejected]')
    expect(strict.stdout).toContain('Verdict: DEVIATIONS FROM THE SPEC (--strict) (exit 1)')
  },
  scaledMs(90_000),
)

import { mkdtemp, rm } from 'node:fs/promises'
import type { IncomingMessage } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, expect, it } from 'vitest'
import { echoedForms } from '../../contract-tests/reports/echoed-forms.test-support.ts'
import { startPetStoreServer } from '../../mocks/node/start-pet-store-server.ts'
import { scaledMs } from '../../tools/time-scale.ts'
import { reportOutputs } from '../support/report-outputs.ts'
import { runContractProcess } from '../support/run-contract-process.ts'
import { startProxyServer } from '../support/start-proxy-server.ts'
import { useTestSeed } from '../support/test-seed.ts'

const cleanups: Array<() => Promise<void>> = []
afterEach(async () => {
  await Promise.all(cleanups.splice(0).map((cleanup) => cleanup()))
})

// A key with characters each escaping writes differently: `/` (JSON's `\/`), `+` and `=` (URL, HTML).
const key = 'sk_live/Echo+Key-2024=Qx'
// The credentials the authentication checks derive from it, which a target echoes as it received them.
const nearCopies = [key, key.toUpperCase(), key.slice(0, -1), Buffer.from(`${key}:`).toString('base64')]
const terminalEscape = '\u001b]0;owned\u0007\u001b[2J\u009b31m'

/** Whatever credential a request carried: the Authorization token (after the scheme), X-API-Key or api_key. */
function credentialOf(request: IncomingMessage): string {
  const authorization = request.headers.authorization ?? ''
  const token = authorization.includes(' ') ? authorization.slice(authorization.indexOf(' ') + 1) : authorization
  const query = new URL(request.url ?? '/', 'http://x').searchParams.get('api_key')
  return token || String(request.headers['x-api-key'] ?? query ?? '')
}

/**
 * The standalone mock behind a proxy that answers every refused request with the credential it received echoed in
 * every form (a JSON Error for the conformant echo; a text page with terminal escapes for the hostile one).
 */
async function echoingTarget(hostile: boolean): Promise<string> {
  const mock = await startPetStoreServer({ apiKeys: [key] })
  cleanups.push(mock.close)
  const proxy = await startProxyServer(mock.baseUrl, async (upstream, request) => {
    const credential = credentialOf(request)
    if (upstream.status !== 401 || credential === '') return undefined
    const forms = Object.values(echoedForms(credential)).join(' | ')
    const echo = { 'x-echo': encodeURIComponent(credential), [`x-${credential.replace(/[^a-z0-9-]/gi, '')}`]: '1' }
    if (hostile)
      return {
        status: 401,
        headers: { 'content-type': 'text/plain', ...echo },
        body: Buffer.from(`${terminalEscape} Refused ${forms}`),
      }
    // Written by hand: the forms go in as the target wrote them, JSON escapes included.
    const body = `{"code":"unauthorized","message":"Refused ${forms}","status":401,"${forms.slice(0, 40)}":true}`
    const headers = { 'content-type': 'application/json', 'www-authenticate': 'Bearer', ...echo }
    return { status: 401, headers, body: Buffer.from(body) }
  })
  cleanups.push(proxy.close)
  return `${proxy.url}/v1`
}

it.each([
  ['a conformant target that echoes the credential in every form', false, 0],
  ['a hostile target that echoes it in text pages with terminal escapes', true, 1],
])(
  'keeps the key and every near-copy out of every output against %s',
  async (_what, hostile, exitCode) => {
    const dir = await mkdtemp(join(tmpdir(), 'contract-echo-'))
    cleanups.push(() => rm(dir, { recursive: true, force: true }))
    const only = 'auth_required,lowercase_bearer,generated_auth,generated_path_auth,create_echo,list_bare_array'
    const args = ['--base-url', await echoingTarget(hostile), '--only', only, '--seed', String(useTestSeed())]
    const run = await runContractProcess([...args, '--report-dir', dir], { PETSTORE_API_KEY: key }, scaledMs(120_000))
    expect(run.code, run.stdout + run.stderr).toBe(exitCode)
    expect(run.stdout).toContain(exitCode === 0 ? 'Verdict: CONFORMANT (exit 0)' : 'Verdict: CONTRACT VIOLATIONS')
    const written = await reportOutputs(run, dir)
    // The near-copies were sent and echoed: the generated authentication checks ran, and their echoes were redacted.
    const report = JSON.parse(written['contract-report.json'] as string)
    const ran = report.scenarios.filter((scenario: { check: string }) => scenario.check === 'generated_auth')
    expect(ran.map((scenario: { outcome: string }) => scenario.outcome)).toEqual(
      Array(2).fill(['passed', 'failed'][exitCode]),
    )
    expect(written['contract-report.json, its strings']).toMatch(/Refused \$PETSTORE_API_KEY \| \$PETSTORE_API_KEY/)
    for (const [where, text] of Object.entries(written))
      for (const credential of nearCopies)
        for (const [form, echo] of Object.entries(echoedForms(credential)))
          expect(text.includes(echo), `${where} holds ${credential === key ? 'the key' : credential} as ${form}`).toBe(
            false,
          )
    for (const stream of [run.stdout, run.stderr])
      for (const control of ['\u001b', '\u0007', '\u009b']) expect(stream).not.toContain(control)
    // What the suite says of itself survives the redaction.
    expect(run.stdout).toContain('Pet Store contract run against 127.0.0.1')
    if (hostile) expect(run.stdout).toContain('\\u001B]0;owned\\u0007\\u001B[2J\\u009B31m')
  },
  scaledMs(180_000),
)

it('quotes an unparseable --base-url without its user name and password', async () => {
  const run = await runContractProcess(['--base-url', 'http://ci-user:pa55-word-s3cret@[::1/v1', '--api-key', 'k-1'])
  expect(run.code).toBe(2)
  expect(run.stderr.trim()).toBe('error: --base-url must be an absolute http(s) URL, got "http://…@[::1/v1".')
  expect(run.stderr + run.stdout).not.toMatch(/pa55|ci-user/)
})

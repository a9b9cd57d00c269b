import { mkdtemp, rm } from 'node:fs/promises'
import type { IncomingMessage } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, expect, it } from 'vitest'
import { echoedForms, keyNeedles, listedForms } from '../../contract-tests/reports/echoed-forms.test-support.ts'
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

/** Whatever credential a request carried: the Authorization token (after the scheme), X-API-Key or api_key. */
function credentialOf(request: IncomingMessage): string {
  const authorization = request.headers.authorization ?? ''
  const token = authorization.includes(' ') ? authorization.slice(authorization.indexOf(' ') + 1) : authorization
  const query = new URL(request.url ?? '/', 'http://x').searchParams.get('api_key')
  return token || String(request.headers['x-api-key'] ?? query ?? '')
}

const asHeaderValue = /^[\x20-\x7e]*$/

/**
 * The standalone mock behind a proxy that echoes the credential of every request in each form issue 35 lists: in a
 * header of every answer (the forms a header can carry), in the message of every other error and in a field of every
 * object a 200 answers with; and a 401 as a text page (a violation, which the console and JUnit quote from its start)
 * that begins with the next form in turn.
 */
async function echoingTarget(key: string): Promise<string> {
  let turn = 0
  const mock = await startPetStoreServer({ apiKeys: [key] })
  cleanups.push(mock.close)
  const proxy = await startProxyServer(mock.baseUrl, async (upstream, request) => {
    const credential = credentialOf(request)
    const json = upstream.headers['content-type']?.startsWith('application/json') ?? false
    if (credential === '' || !json || upstream.body.length === 0) return undefined
    const forms = Object.values({ ...echoedForms(credential), ...listedForms(credential) })
    const headers = { ...upstream.headers }
    for (const [index, form] of forms.filter((value) => asHeaderValue.test(value)).entries())
      headers[`x-echo-${index}`] = form
    const echo = `Refused ${forms.join(' | ')}`
    if (upstream.status === 401) {
      const first = forms[turn++ % forms.length]
      return {
        status: 401,
        headers: { ...headers, 'content-type': 'text/plain' },
        body: Buffer.from(`${first} ${echo}`),
      }
    }
    const body = JSON.parse(upstream.body.toString('utf8'))
    if (upstream.status >= 400 && typeof body?.message === 'string') body.message = `${body.message} ${echo}`
    else if (upstream.status === 200 && body && !Array.isArray(body)) body.echo = echo
    return { status: upstream.status, headers, body: Buffer.from(JSON.stringify(body)) }
  })
  cleanups.push(proxy.close)
  return `${proxy.url}/v1`
}

it.each([
  ['32', 'rk_test_9Zq4Lm2Xv7Tb1Nc8Wd5Hy3Pj'],
  ['16', 'ak-7Qm2/xR9+vL4='],
])(
  'keeps a key of %s characters out of every output, in every form a target echoed it and as every run of it',
  async (_length, key) => {
    const dir = await mkdtemp(join(tmpdir(), 'contract-echo-forms-'))
    cleanups.push(() => rm(dir, { recursive: true, force: true }))
    const only = 'auth_required,lowercase_bearer,generated_auth,create_echo,get_matches_list,unknown_pet_not_found'
    const args = ['--base-url', await echoingTarget(key), '--only', only, '--seed', String(useTestSeed())]
    const run = await runContractProcess([...args, '--report-dir', dir], { PETSTORE_API_KEY: key }, scaledMs(120_000))
    expect([0, 1], run.stdout + run.stderr).toContain(run.code)
    // The console as one output: the echoed text may land on either stream.
    const { stdout, stderr, ...files } = await reportOutputs(run, dir)
    const written: Record<string, string> = { console: stdout + stderr, ...files }
    // The echoes reached every output, each where a form of the key stood: quoted whole in the JSON and HTML
    // reports, from their start (the form in turn) on the console and in JUnit.
    for (const [where, text] of Object.entries(written))
      expect(text, where).toMatch(
        where.startsWith('console') || where.startsWith('junit')
          ? /received: \$PETSTORE_API_KEY Refused \$PETSTORE_API_KEY/
          : /Refused \$PETSTORE_API_KEY \| \$PETSTORE_API_KEY/,
      )
    const found = keyNeedles(key, { headerBytes: false }).flatMap(([what, needle]) =>
      Object.entries(written).flatMap(([where, text]) => (text.includes(needle) ? [`${where} holds ${what}`] : [])),
    )
    expect(found).toEqual([])
  },
  scaledMs(180_000),
)

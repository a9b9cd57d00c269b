import { mkdtemp, rm } from 'node:fs/promises'
import type { IncomingMessage } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, expect, it } from 'vitest'
import { echoedForms, listedForms, writtenForms } from '../../contract-tests/reports/echoed-forms.test-support.ts'
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

/**
 * What no output may hold of a key: the key in each echoed form, and each run that counts as the key (12 characters,
 * or 8 of a key shorter than 24 unless they read as words) in each form written character by character, each piece
 * of its base64url value that decodes to such a run, and a shorter piece (5 characters on, not words, in its case or
 * upper-cased) right before a cut the suite made quoting it.
 */
function needles(key: string): Array<[string, string]> {
  const size = key.length < 24 ? 8 : 12
  const word = '(?:[a-z]+|[A-Z][a-z]*|[A-Z]+)'
  const wordLike = new RegExp(`^[-_.]*${word}(?:[-_.]+${word})*[-_.]*$`)
  const runs = Array.from({ length: key.length - size + 1 }, (_, start) => key.slice(start, start + size))
  const base64url = Buffer.from(key).toString('base64url')
  // Where the suite cut a quoted text (`…`), a piece of 5 characters or more that does not read as words.
  const cutPieces = Array.from({ length: size - 5 }, (_, index) => index + 5).flatMap((length) =>
    Array.from({ length: key.length - length + 1 }, (_, start) => key.slice(start, start + length)).filter(
      (piece) => !wordLike.test(piece),
    ),
  )
  const pieceSize = 4 * Math.ceil(size / 3)
  return [
    ...Object.entries({ ...echoedForms(key), ...listedForms(key) }).map(([form, echo]): [string, string] => [
      `the key as ${form}`,
      echo,
    ]),
    ...runs
      .filter((run) => !wordLike.test(run))
      .flatMap((run) =>
        Object.entries({ raw: run, 'upper case': run.toUpperCase(), ...writtenForms(run) }).map(
          ([form, echo]): [string, string] => [`the run ${run} as ${form}`, echo],
        ),
      ),
    ...cutPieces.flatMap(
      (piece): Array<[string, string]> => [
        [`the piece ${piece} before a cut`, `${piece}…`],
        [`the piece ${piece} upper-cased before a cut`, `${piece.toUpperCase()}…`],
      ],
    ),
    ...Array.from({ length: Math.floor((base64url.length - pieceSize) / 4) + 1 }, (_, group): [string, string] => {
      const piece = base64url.slice(4 * group, 4 * group + pieceSize)
      return [`the base64url piece ${piece}`, piece]
    }),
  ]
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
    const found = needles(key).flatMap(([what, needle]) =>
      Object.entries(written).flatMap(([where, text]) => (text.includes(needle) ? [`${where} holds ${what}`] : [])),
    )
    expect(found).toEqual([])
  },
  scaledMs(180_000),
)

import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, expect, it } from 'vitest'
import { developmentApiKey } from '../../shared/development-api-key.ts'
import { scaledMs } from '../../tools/time-scale.ts'
import { ledgerVariants } from '../ledger/ledger-variants.ts'
import { reportOutputs } from '../support/report-outputs.ts'
import { runContractProcess } from '../support/run-contract-process.ts'
import { useTestSeed } from '../support/test-seed.ts'
import { startVariantOverHttp } from '../variants/variant-over-http.ts'

const seed = useTestSeed()
const cleanups: Array<() => Promise<unknown>> = []
afterEach(async () => {
  await Promise.all(cleanups.splice(0).map((cleanup) => cleanup()))
})

/** Every reproduce line a run printed: on the console, in JUnit, in the JSON report's list, in the HTML's blocks. */
async function reproduceLines(args: Array<string>): Promise<{ code: number | null; lines: Array<string> }> {
  const dir = await mkdtemp(join(tmpdir(), 'contract-lines-'))
  cleanups.push(() => rm(dir, { recursive: true, force: true }))
  const run = await runContractProcess(
    [...args, '--seed', String(seed), '--report-dir', dir],
    { PETSTORE_API_KEY: developmentApiKey },
    scaledMs(240_000),
  )
  const written = await reportOutputs(run, dir)
  const prefixed = (text = '') =>
    [...text.matchAll(/^\s*(?:reproduce|last request): (.+)$/gm)].map(([, line]) => line as string)
  const html = [...(written['contract-report.html, read'] ?? '').matchAll(/<pre class="curl">([^<]*)<\/pre>/g)]
  const json = JSON.parse(written['contract-report.json'] ?? '{}') as { reproduce: Array<{ command: string }> }
  const lines = [
    ...prefixed(run.stdout),
    ...prefixed(written['junit.xml, read']),
    ...json.reproduce.map(({ command }) => command),
    ...html.map(([, block]) => block as string),
  ]
  return { code: run.code, lines }
}

const tooLong = (lines: ReadonlyArray<string>) =>
  lines.filter((line) => line.length > 2_000).map((line) => `${line.length}: ${line.slice(0, 200)}…`)

it(
  'prints no reproduce line longer than 2,000 characters in any report of a full run against the mock',
  async () => {
    const { code, lines } = await reproduceLines(['--target', 'local'])
    expect(code).toBe(0)
    expect(tooLong(lines)).toEqual([])
    // The 64 KB body request_framing writes on the wire is among them, its run of one byte counted.
    expect(lines.some((line) => line.includes("printf '%65536s' '' | tr ' ' 'x'"))).toBe(true)
    expect(lines.filter((line) => !/^[\x20-\x7e]+$/.test(line))).toEqual([])
  },
  scaledMs(300_000),
)

it.each([
  ['create-without-auth', 'request_framing'],
  ['large-body-500', 'generated_valid_create'],
])(
  'prints no reproduce line longer than 2,000 characters for the findings on the large bodies of %s',
  async (name, only) => {
    const target = await startVariantOverHttp(ledgerVariants.get(name) as Parameters<typeof startVariantOverHttp>[0])
    cleanups.push(target.close)
    const { code, lines } = await reproduceLines([
      ...['--base-url', target.baseUrl, '--messages-base-url', target.messagesBaseUrl, '--only', only],
    ])
    expect(code).toBe(1)
    expect(tooLong(lines)).toEqual([])
    expect(lines.some((line) => /printf '%(65536|\d{6,})s' ''/.test(line))).toBe(true)
  },
  scaledMs(240_000),
)

import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, expect, it } from 'vitest'
import { runContract } from '../../contract-tests/run/run-contract.ts'
import { failuresOf } from '../../contract-tests/shared/scenario-result.ts'
import { developmentApiKey } from '../../shared/development-api-key.ts'
import { scaledMs } from '../../tools/time-scale.ts'
import { runContractProcess } from '../support/run-contract-process.ts'
import { rfc9112FaultyVariants } from '../variants/rfc9112-faulty-variants.ts'

// An answer fetch's HTTP parser refuses is the target's answer, in breach: judged on the wire, never "unreachable".
const cleanups: Array<() => Promise<void>> = []
afterEach(async () => {
  await Promise.all(cleanups.splice(0).map((cleanup) => cleanup()))
})

const framedTwice = rfc9112FaultyVariants.find((variant) => variant.name === 'list-framed-twice')
async function startFramedTwice() {
  const server = await framedTwice?.start()
  if (!server) throw new Error('no list-framed-twice variant')
  cleanups.push(server.close)
  return server
}

it(
  'judges list answers framed by both Transfer-Encoding and Content-Length as breaking RFC 9112 section 6.2 in process',
  async () => {
    const server = await startFramedTwice()
    const result = await runContract({
      targetName: 'list-framed-twice',
      baseUrl: server.baseUrl,
      messagesBaseUrl: server.messagesBaseUrl,
      apiKey: developmentApiKey,
      only: ['response_framing'],
      explore: { seed: 1 },
    })
    expect(result.exitCode).toBe(1)
    expect(result.setup.outcome).toBe('failed')
    const findings = [result.setup, ...result.scenarios].flatMap((scenario) => failuresOf(scenario))
    const onWire = findings.filter(({ result: finding }) => finding.check === 'answer_on_wire')
    expect(onWire.length).toBeGreaterThan(0)
    for (const { result: finding, exchange } of onWire) {
      expect(finding.level).toBe('violation')
      expect(finding.basis?.text).toContain('RFC 9112 section 6.2')
      expect(finding.message).toContain('both Transfer-Encoding (chunked) and Content-Length')
      expect(finding.received).toMatch(/transfer-encoding: chunked\\r\\n/i)
      // The request is replayed byte for byte by its reproduce line.
      expect(exchange?.request.wire?.latin1).toMatch(/^GET \/v1\/pets\?[^ ]* HTTP\/1\.1\r\n/)
    }
  },
  scaledMs(60_000),
)

it(
  'exits 1 through the CLI, where it stopped at start-up as "unreachable", citing section 6.2 with its reproduce line',
  async () => {
    const server = await startFramedTwice()
    const reportDir = await mkdtemp(join(tmpdir(), 'contract-unparsed-'))
    cleanups.push(() => rm(reportDir, { recursive: true, force: true }))
    const run = await runContractProcess([
      ...['--base-url', server.baseUrl, '--messages-base-url', server.messagesBaseUrl],
      ...['--api-key', developmentApiKey, '--only', 'response_framing', '--report-dir', reportDir],
    ])
    const output = `${run.stdout}${run.stderr}`
    expect(run.code, output).toBe(1)
    expect(output).not.toContain('unreachable')
    expect(run.stdout).toContain('[answer_on_wire]')
    expect(run.stdout).toContain('RFC 9112 section 6.2')
    expect(run.stdout).toMatch(/printf .* \| node -e /)
    const report = JSON.parse(await readFile(join(reportDir, 'contract-report.json'), 'utf8'))
    expect(report.exitCode).toBe(1)
    expect(JSON.stringify(report)).toContain('answer_on_wire')
  },
  scaledMs(90_000),
)

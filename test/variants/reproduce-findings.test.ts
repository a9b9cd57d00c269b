import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { decodeHTML, decodeXML } from 'entities'
import pLimit from 'p-limit'
import { expect, it } from 'vitest'
import { placeBodyFiles, writeBodyFiles } from '../../contract-tests/reports/body-files.ts'
import { consoleFailures } from '../../contract-tests/reports/console-findings.ts'
import { curlCommand } from '../../contract-tests/reports/curl-command.ts'
import { exchangeOf } from '../../contract-tests/reports/exchange-of.ts'
import { findingCommands } from '../../contract-tests/reports/finding-commands.ts'
import { htmlReport } from '../../contract-tests/reports/html-report.ts'
import { junitReport } from '../../contract-tests/reports/junit-report.ts'
import { reportCounts } from '../../contract-tests/reports/report-counts.ts'
import { runContract } from '../../contract-tests/run/run-contract.ts'
import type { Exchange } from '../../contract-tests/shared/exchange.ts'
import type { RunResult } from '../../contract-tests/shared/run-result.ts'
import { failuresOf, type ScenarioResult, warningsOf } from '../../contract-tests/shared/scenario-result.ts'
import { developmentApiKey } from '../../shared/development-api-key.ts'
import { scaledMs } from '../../tools/time-scale.ts'
import { corpusServers } from '../corpus/corpus-servers.ts'
import { startCorpusServer } from '../corpus/start-corpus-server.ts'
import { ledgerVariants, type ProvingVariant } from '../ledger/ledger-variants.ts'
import { runInShell } from '../support/run-in-shell.ts'
import { useTestSeed } from '../support/test-seed.ts'
import type { RunningServer } from './frameworks/running-server.ts'
import { standardConformantVariants } from './standard-conformant-variants.ts'
import { startVariantOverHttp } from './variant-over-http.ts'
import { servedOverHttp, variantTarget } from './variant-target.ts'

const seed = useTestSeed()

/** Every command a report prints to reproduce a request: console and JUnit lines, the JSON list, the HTML blocks. */
function printedCommands(result: RunResult): Array<string> {
  const lines = (text: string) => [...text.matchAll(/^\s*(?:reproduce|last request): (.+)$/gm)].map(([, line]) => line!)
  const html = [...htmlReport(result).matchAll(/<pre class="curl">([^<]*)<\/pre>/g)].map(([, block]) => block!)
  return [
    ...lines(consoleFailures(result, reportCounts(result)).join('\n')),
    ...lines(decodeXML(junitReport(result))),
    ...findingCommands(result).map(({ command }) => command),
    ...html.map((block) => decodeHTML(block)),
  ]
}

/** The status an exchange got: on the wire, the answer to its place among the requests its connection carried. */
function statusOf(exchange: Exchange, scenario: ScenarioResult): { status?: number; place: number } {
  const written = exchange.request.wire?.latin1
  const place = written
    ? scenario.exchanges.filter((other) => other.request.wire?.latin1 === written).indexOf(exchange)
    : -1
  return { status: exchange.response?.status, place }
}

/** The final status a command printed (curl -i, through redirects), or the one at `place` (answers on the wire). */
function statusPrinted(stdout: string, place: number): number | undefined {
  const statuses = [...stdout.matchAll(/^HTTP\/\d(?:\.\d)? (\d{3})/gm)].map(([, status]) => Number(status))
  const final = statuses.filter((status) => status >= 200)
  return place >= 0 ? final[place] : final.at(-1)
}

// What each json_body_syntax finding says its body held, and how the bytes of that body show in its command.
const bodyShown: ReadonlyArray<[RegExp, RegExp]> = [
  [/a number with a leading zero/, /"extra":01\}/],
  [/a raw control character/, /\\0001/],
  [/NaN as a value/, /"extra":NaN\}/],
  [/a trailing comma/, /,\}'/],
  [/bytes not UTF-8/, /\\0377\\0376/],
]

const conformant = (name: string) => standardConformantVariants.find((variant) => variant.name === name)!
const proofs: ReadonlyArray<[name: string, variant: ProvingVariant, only: Array<string>]> = [
  ['invalid-json-500', ledgerVariants.get('invalid-json-500')!, ['json_body_syntax']],
  ['messages-json5', ledgerVariants.get('messages-json5')!, ['json_body_syntax']],
  ['non-utf8-read-as-replacement', conformant('non-utf8-read-as-replacement'), ['json_body_syntax']],
  ['chunked-body-empty', ledgerVariants.get('chunked-body-empty')!, ['chunked_body']],
  ['basic-scheme-accepted', ledgerVariants.get('basic-scheme-accepted')!, ['auth_required']],
  ['bearer-prefix-exact', ledgerVariants.get('bearer-prefix-exact')!, ['auth_scheme_forms']],
  ['authorization-by-exact-name', ledgerVariants.get('authorization-by-exact-name')!, ['field_name_case']],
  ['absolute-form-crash', ledgerVariants.get('absolute-form-crash')!, ['absolute_form_target']],
  // Findings on large bodies: a 64 KB one written on the wire (created without a key), and a 1 MB one refused 500.
  ['create-without-auth', ledgerVariants.get('create-without-auth')!, ['request_framing']],
  ['large-body-500', ledgerVariants.get('large-body-500')!, ['generated_valid_create']],
]

/** A variant on loopback, in-process ones over node:http: a command run in a shell reaches it. */
async function serve(variant: ProvingVariant): Promise<RunningServer> {
  if ('start' in variant || servedOverHttp(variant)) return variantTarget(variant)
  return startVariantOverHttp(variant)
}

/** Each finding's exchange has its command printed; a json_body_syntax one shows the body its message names. */
function expectEveryFindingPrinted(result: RunResult, printed: ReadonlySet<string>): void {
  const scenarios = [result.setup, ...result.scenarios]
  const findings = scenarios.flatMap((scenario) =>
    [...failuresOf(scenario), ...warningsOf(scenario)].map((item) => ({ item, exchange: exchangeOf(item, scenario) })),
  )
  expect(findings.length, 'findings').toBeGreaterThan(0)
  for (const { item, exchange } of findings) {
    expect(exchange, item.result.message).toBeDefined()
    const command = curlCommand(exchange!.request)
    expect(printed.has(command), `${item.result.message}: ${command}`).toBe(true)
    const { check, message } = item.result
    const shown = bodyShown.find(([what]) => check === 'json_body_syntax' && what.test(message))
    if (shown) expect(command, message).toMatch(shown[1])
  }
}

/** Runs every command printed in bash, the key in its environment: each gets the status its exchange got. */
async function expectEveryCommandReproduced(result: RunResult, printed: ReadonlySet<string>): Promise<void> {
  const scenarios = [result.setup, ...result.scenarios]
  const exchanges = new Map(
    scenarios.flatMap((scenario) =>
      scenario.exchanges.map((exchange) => [curlCommand(exchange.request), { exchange, scenario }] as const),
    ),
  )
  const limit = pLimit(4)
  const runs = [...printed].map((command) =>
    limit(async () => {
      // Printable ASCII on one line: what a terminal shows unchanged and a reader can copy whole, and reads.
      expect(command).toMatch(/^[\x20-\x7e]+$/)
      expect(command.length, command.slice(0, 300)).toBeLessThanOrEqual(2_000)
      expect(command).not.toContain(developmentApiKey)
      const kept = exchanges.get(command)
      expect(kept, `a command printed for no exchange: ${command}`).toBeDefined()
      const { status, place } = statusOf(kept!.exchange, kept!.scenario)
      const outcome = await runInShell('bash', command, { PETSTORE_API_KEY: developmentApiKey })
      const shown = `${command}\n${outcome.stdout.slice(0, 300)}${outcome.stderr}`
      expect(statusPrinted(outcome.stdout, place), shown).toBe(status)
    }),
  )
  await Promise.all(runs)
}

/**
 * One run of `only` against a fresh target, every finding's command printed and reproduced, as the reports print them:
 * a body too long for a line read from the file written beside them.
 */
async function expectReproduced(start: () => Promise<RunningServer>, name: string, only: Array<string>) {
  const target = await start()
  const dir = await mkdtemp(join(tmpdir(), 'contract-reproduce-'))
  try {
    const run = await runContract({
      ...target,
      targetName: name,
      apiKey: developmentApiKey,
      only,
      explore: { seed },
    })
    const result = placeBodyFiles(run, dir)
    await writeBodyFiles(result)
    const printed = new Set(printedCommands(result))
    expectEveryFindingPrinted(result, printed)
    await expectEveryCommandReproduced(result, printed)
  } finally {
    await target.close()
    await rm(dir, { recursive: true, force: true })
  }
}

it.each(proofs)(
  'reproduces every finding of %s with the command its reports print, run in bash',
  (name, variant, only) => expectReproduced(() => serve(variant), name, only),
  scaledMs(120_000),
)

it(
  'reproduces the deviations of a lenient JSON parser (express: a leading zero got 201) with their bodies',
  () => {
    const express = corpusServers.find((server) => server.name === 'express')!
    return expectReproduced(() => startCorpusServer(express, developmentApiKey), 'express', ['json_body_syntax'])
  },
  scaledMs(120_000),
)

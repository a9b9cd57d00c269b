import { CliError } from '../../shared/cli-error.ts'
import { parseCliArgs } from '../../shared/parse-cli-args.ts'
import { type CliIo, consoleIo, runCli } from '../../shared/run-cli.ts'
import { resourceList } from '../../spec/resources.ts'
import { placeBodyFiles } from '../reports/body-files.ts'
import { consoleSummary } from '../reports/console-summary.ts'
import { redact, redactText } from '../reports/redact.ts'
import { terminalSafe } from '../reports/terminal-safe.ts'
import { writeReports } from '../reports/write-reports.ts'
import { runSecrets } from '../run/run-secrets.ts'
import type { RunResult, TargetInfo } from '../shared/run-result.ts'
import { checkReachable } from './check-reachable.ts'
import { compareRunWithTwin } from './compare-run-with-twin.ts'
import { contractHelp } from './contract-help.ts'
import type { MockTargets } from './mock-targets.ts'
import { plannedTarget } from './planned-target.ts'
import { progressPrinter } from './progress-printer.ts'
import { type RunConfig, resolveRunConfig } from './resolve-run-config.ts'
import { runTarget } from './run-target.ts'
import type { TargetSpec } from './target-spec.ts'
import { unjudgedRun } from './unjudged-run.ts'

const unexpectedPrefix = 'The contract run failed: '

/**
 * `npm run contract` and `petstore-contract`: resolves the target, runs the suite in this process, prints the
 * summary, writes the reports and returns the exit code. Never throws: every failure is one line and code 2, and
 * once the options are valid, a run that cannot judge its target still writes reports that say why.
 * `mocks` starts the mock for `--target mock`, `--target local` and `--compare-with mock`: the suite imports nothing
 * of mocks/, so the command lines above both give it (cli/run-contract-cli.ts). `command` is what the usage line of
 * `--help` calls it.
 * @example process.exitCode = await runSuiteCli(process.argv.slice(2), process.env, consoleIo, mockTargets)
 */
export async function runSuiteCli(
  argv: Array<string>,
  env: Record<string, string | undefined>,
  io: CliIo,
  mocks: MockTargets,
  command = 'npm run contract --',
): Promise<number> {
  const secretsFrom = (args: Array<string>) => {
    const index = args.findIndex((arg) => arg === '--api-key' || arg.startsWith('--api-key='))
    const flag =
      index === -1
        ? undefined
        : args[index]?.includes('=')
          ? args[index]?.split('=').slice(1).join('=')
          : args[index + 1]
    return [flag, env.PETSTORE_API_KEY].filter((key): key is string => !!key)
  }
  // Filled as keys become known, so that no error line can quote one.
  const secrets = secretsFrom(argv)
  // Whatever reaches the console is safe for a terminal: a target's text may hold escape sequences.
  const safeIo: CliIo = { out: (line) => io.out(terminalSafe(line)), err: (line) => io.err(terminalSafe(line)) }
  return runCli(() => runContractMain(argv, env, safeIo, secrets, { mocks, command, onConsole: io === consoleIo }), {
    io: safeIo,
    redact: (text) => redactText(text, runSecrets('', secrets)),
    unexpectedPrefix,
  })
}

async function runContractMain(
  argv: Array<string>,
  env: Record<string, string | undefined>,
  io: CliIo,
  secrets: Array<string>,
  { mocks, command, onConsole }: { mocks: MockTargets; command: string; onConsole: boolean },
): Promise<number> {
  let close = async (): Promise<void> => {}
  try {
    const { values } = parseCliArgs({
      args: argv,
      options: {
        target: { type: 'string' },
        'base-url': { type: 'string' },
        'messages-base-url': { type: 'string' },
        'api-key': { type: 'string' },
        'read-only': { type: 'boolean' },
        'allow-writes': { type: 'boolean' },
        'report-dir': { type: 'string' },
        'timeout-ms': { type: 'string' },
        only: { type: 'string' },
        seed: { type: 'string' },
        'max-examples': { type: 'string' },
        concurrency: { type: 'string' },
        'time-budget-s': { type: 'string' },
        'pause-s': { type: 'string' },
        'min-coverage': { type: 'string' },
        'compare-with': { type: 'string' },
        strict: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
      allowPositionals: false,
    })
    if (values.help) {
      io.out(contractHelp(command))
      return 0
    }
    const config = resolveRunConfig(values, env)
    secrets.unshift(config.apiKey, ...(config.mockApiKeys ?? []))
    const startedAt = new Date().toISOString()
    const started = performance.now()
    let target = plannedTarget(config)
    let result: RunResult
    try {
      if (config.target === 'local') {
        const server = await mocks.local(config.mockApiKeys ?? [config.apiKey])
        close = server.close
        const { baseUrl, messagesBaseUrl } = server
        target = { name: 'local (standalone mock)', kind: 'http', baseUrl, messagesBaseUrl }
      } else if (target?.kind === 'http') {
        await checkReachable(target.baseUrl, config.apiKey, config.timeoutMs)
      }
      if (!target) throw new CliError(`--target ${config.target} has no base URL.`)
      // Before the first test case: what a run that writes leaves on a deployment, and how not to.
      if (target.kind === 'http' && config.target !== 'local' && !config.readOnly)
        io.err(redactText(writesNote(target), runSecrets('', secrets)))
      const progress = progressPrinter({
        line: (text) => io.err(redactText(text, runSecrets('', secrets))),
        // One line rewritten in place on a terminal; a line per test case in a log (CI, a pipe, a test's io).
        live:
          onConsole && process.stderr.isTTY
            ? (text) => process.stderr.write(`\r\u001b[2K${terminalSafe(redactText(text, runSecrets('', secrets)))}`)
            : undefined,
        columns: process.stderr.columns,
      })
      try {
        result = await runTarget(config, target, secrets, mocks, progress.onProgress)
      } finally {
        progress.stop()
      }
      // Both runs come back redacted; the comparison quotes only what they hold.
      if (config.compareWithMock) result = await compareRunWithTwin(result, config, mocks.inProcess)
    } catch (error) {
      // Nothing was judged, but CI publishes the reports all the same: they say why, as one test case.
      const run = unjudgedRun({
        target: targetInfo(config, target),
        reason: (error instanceof CliError ? '' : unexpectedPrefix) + firstLine(error),
        startedAt,
        durationMs: Math.round(performance.now() - started),
        strict: config.strict,
        explore: config.explore,
      })
      await writeReports(redact(run, runSecrets('', secrets)), config.reportDir).then(
        (paths) => io.out(`Reports: ${paths.join(', ')}`),
        // Said, then the reason the run stopped, which stays the last line.
        (writeError) =>
          io.err(
            `error: The reports could not be written: ${redactText(firstLine(writeError), runSecrets('', secrets))}`,
          ),
      )
      throw error
    }
    // The console prints the reproduce lines the reports do: a long body read from the file the reports write.
    result = placeBodyFiles(result, config.reportDir)
    io.out(consoleSummary(result))
    const paths = await writeReports(result, config.reportDir)
    io.out(`Reports: ${paths.join(', ')}`)
    return result.exitCode
  } finally {
    await close()
  }
}

/**
 * Said first by a run that writes to a target other than a mock it started: what it creates stays there, as the
 * interface has no delete (about 350 pets with the default options; the summary counts each kind, the JSON report
 * lists them), in the words of the spec's resources.
 */
function writesNote(target: TargetSpec): string {
  const kinds = [...resourceList.map((resource) => resource.plural), 'queued messages']
  return (
    `Note: this run writes to ${target.name} (${target.baseUrl}): it creates ${kinds.slice(0, -1).join(', ')} and ` +
    `${kinds.at(-1)} there, about ` +
    '350 pets with the default options, and the interface has no delete, so they stay (their ids go to ' +
    'contract-report.json, created.ids). Pass --read-only to send only GET and HEAD and create nothing.'
  )
}

const firstLine = (error: unknown): string => (error instanceof Error ? error.message : String(error)).split('\n')[0]!

/** What the reports say of a target the run could not judge, a local mock that never started included. */
function targetInfo(config: RunConfig, target: TargetSpec | undefined): TargetInfo {
  return {
    name: target?.name ?? config.target,
    baseUrl: target?.baseUrl ?? '(not started)',
    messagesBaseUrl: target?.messagesBaseUrl ?? '(not started)',
    readOnly: config.readOnly,
  }
}

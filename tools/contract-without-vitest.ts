import { checkReachable } from '../contract-tests/cli/check-reachable.ts'
import { resolveRunConfig } from '../contract-tests/cli/resolve-run-config.ts'
import { consoleSummary } from '../contract-tests/reports/console-summary.ts'
import { redactText } from '../contract-tests/reports/redact.ts'
import { writeReports } from '../contract-tests/reports/write-reports.ts'
import { runContract } from '../contract-tests/run/run-contract.ts'
import { parseCliArgs } from '../mocks/cli/parse-cli-args.ts'
import { consoleIo, runCli } from '../mocks/cli/run-cli.ts'

// The contract command against a base URL as it runs without vitest: the same configuration, reachability probe,
// run, console summary and reports, in one process that holds nothing else. The hostile-target proofs and the bench
// measure the suite's own memory with it, beside `npm run contract`, whose vitest runner costs about 300 MB more.
const secrets: Array<string> = []
process.exitCode = await runCli(
  async () => {
    const { values } = parseCliArgs({
      args: process.argv.slice(2),
      options: {
        'base-url': { type: 'string' },
        'api-key': { type: 'string' },
        'report-dir': { type: 'string' },
        'timeout-ms': { type: 'string' },
        seed: { type: 'string' },
        'max-examples': { type: 'string' },
        'time-budget-s': { type: 'string' },
      },
      allowPositionals: false,
    })
    const config = resolveRunConfig(values, process.env)
    const { baseUrl = '', messagesBaseUrl = '', apiKey, timeoutMs, explore, reportDir } = config
    secrets.push(apiKey)
    await checkReachable(baseUrl, apiKey, timeoutMs)
    const result = await runContract({
      targetName: new URL(baseUrl).host,
      baseUrl,
      messagesBaseUrl,
      apiKey,
      timeoutMs,
      explore,
    })
    console.log(consoleSummary(result))
    console.log(`Reports: ${(await writeReports(result, reportDir)).join(', ')}`)
    return result.exitCode
  },
  { io: consoleIo, redact: (text) => redactText(text, secrets) },
)

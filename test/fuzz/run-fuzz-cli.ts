import { CliError } from '../../shared/cli-error.ts'
import { parseCliArgs } from '../../shared/parse-cli-args.ts'
import { parseInteger } from '../../shared/parse-integer.ts'
import { type CliIo, runCli } from '../../shared/run-cli.ts'
import { parseSeed } from '../../tools/test-seed.ts'
import {
  adminApiFuzzTarget,
  type FuzzTarget,
  inProcessFuzzTarget,
  malformedHttpFuzzTarget,
  standaloneFuzzTarget,
} from './fuzz-targets.ts'
import { type FuzzOutcome, fuzzMemoryBounds, runFuzz } from './run-fuzz.ts'

const targets: Record<string, () => Promise<FuzzTarget<unknown>>> = {
  'in-process': inProcessFuzzTarget as () => Promise<FuzzTarget<unknown>>,
  standalone: standaloneFuzzTarget as () => Promise<FuzzTarget<unknown>>,
  malformed: malformedHttpFuzzTarget as () => Promise<FuzzTarget<unknown>>,
  admin: adminApiFuzzTarget as () => Promise<FuzzTarget<unknown>>,
}

/** The `--help` text of `npm run fuzz`. */
export const fuzzHelp = `Usage: npm run fuzz -- [options]

Sends hostile requests to the Pet Store mock, on loopback only, and checks every answer: never a
5xx, every 4xx an Error body whose status is the HTTP status, a valid request still answered 200
after each one, no polluted prototype, and bounded memory after the run.

Options:
  --runs N        most runs per target (default 5000)
  --seconds S     time limit for the whole run, shared by the targets (default 120)
  --seed N        fast-check seed (default FUZZ_SEED, else a fresh one, printed)
  --path P        replay one counterexample: the path of a failure report (with one --target)
  --target T      in-process, standalone, malformed (malformed HTTP over sockets) or admin
                  (the /__mock admin API, Prefer and X-Mock-Session, from callers with other
                  Host, Origin and proxy headers); default all
  -h, --help      show this text

Exit code: 0 when every target passes, 1 when one fails (its shrunk counterexample is printed), 2 on a usage error.`

/**
 * `npm run fuzz`: runs the hostile-request property on each target within the budget, prints the
 * seed first and a summary last, and returns the exit code. Never throws: a usage error is one line.
 * @example process.exitCode = await runFuzzCli(process.argv.slice(2), process.env, { out: console.log, err:
 *   console.error })
 */
export async function runFuzzCli(
  argv: Array<string>,
  env: Record<string, string | undefined>,
  io: CliIo,
): Promise<number> {
  return runCli(
    async () => {
      const { values } = parseCliArgs({
        args: argv,
        options: {
          runs: { type: 'string', default: '5000' },
          seconds: { type: 'string', default: '120' },
          seed: { type: 'string' },
          path: { type: 'string' },
          target: { type: 'string', multiple: true },
          help: { type: 'boolean', short: 'h', default: false },
        },
      })
      if (values.help) {
        io.out(fuzzHelp)
        return 0
      }
      const names = values.target ?? Object.keys(targets)
      const unknown = names.find((name) => !(name in targets))
      if (unknown !== undefined)
        throw new CliError(`--target expects one of ${Object.keys(targets).join(', ')}, got "${unknown}".`)
      if (values.path !== undefined && names.length !== 1)
        throw new CliError('--path replays one counterexample: give exactly one --target with it.')
      return fuzzTargets(io, {
        runs: parseInteger('--runs', values.runs, 1, 10_000_000),
        seconds: parseInteger('--seconds', values.seconds, 1, 86_400),
        seed: seedFrom(values.seed ?? env.FUZZ_SEED),
        path: values.path,
        names,
      })
    },
    { io },
  )
}

interface FuzzOptions {
  runs: number
  seconds: number
  seed: number
  path: string | undefined
  names: Array<string>
}

/** Runs each named target within the shared time budget; returns 0 when all pass, 1 when one fails. */
async function fuzzTargets(io: CliIo, options: FuzzOptions): Promise<number> {
  const { runs, seconds, seed, path, names } = options
  io.out(
    `fuzz: seed ${seed}, at most ${runs} runs per target, ${seconds} s in all, loopback only (replay: npm run fuzz ` +
      `-- --seed ${seed})`,
  )
  const started = Date.now()
  const failed: Array<string> = []
  for (const [index, name] of names.entries()) {
    const remainingMs = seconds * 1000 - (Date.now() - started)
    const target = await targets[name]!()
    try {
      const outcome = await runFuzz(target, {
        seed,
        runs,
        path,
        timeLimitMs: Math.max(1_000, remainingMs / (names.length - index)),
      })
      const problems = outcomeProblems(outcome)
      const valid = await target.sendValid()
      if (valid.kind !== 'response' || valid.status !== 200)
        problems.push('a valid request after the run was not answered 200')
      io.out(`${name}: ${problems.length === 0 ? 'ok' : 'FAILED'}: ${describeOutcome(outcome)}`)
      for (const problem of problems) io.out(problem)
      if (outcome.counterexamplePath)
        io.out(`replay: npm run fuzz -- --target ${name} --seed ${seed} --path ${outcome.counterexamplePath}`)
      if (problems.length > 0) failed.push(name)
    } finally {
      await target.close()
    }
  }
  const passed = names.length - failed.length
  io.out(
    `fuzz: ${passed} of ${names.length} targets passed in ${((Date.now() - started) / 1000).toFixed(1)} s, seed ` +
      `${seed}${failed.length > 0 ? `; failed: ${failed.join(', ')}` : ''}`,
  )
  return failed.length === 0 ? 0 : 1
}

/** Everything wrong with a run: the property's report, pollution, memory over the bounds. */
function outcomeProblems(outcome: FuzzOutcome): Array<string> {
  const problems: Array<string> = []
  if (outcome.failure) problems.push(outcome.failure)
  if (outcome.pollution.length > 0) problems.push(`prototype pollution: ${[...new Set(outcome.pollution)].join(', ')}`)
  if (outcome.heapGrowthBytes >= fuzzMemoryBounds.heapGrowthBytes)
    problems.push(
      `heap grew by ${mebibytes(outcome.heapGrowthBytes)}, over ${mebibytes(fuzzMemoryBounds.heapGrowthBytes)}`,
    )
  if (outcome.rssGrowthBytes >= fuzzMemoryBounds.rssGrowthBytes)
    problems.push(
      `RSS grew by ${mebibytes(outcome.rssGrowthBytes)}, over ${mebibytes(fuzzMemoryBounds.rssGrowthBytes)}`,
    )
  return problems
}

function describeOutcome({
  runs,
  skipped,
  interrupted,
  durationMs,
  heapGrowthBytes,
  rssGrowthBytes,
  statuses,
}: FuzzOutcome): string {
  const counts = Object.entries(statuses)
    .map(([status, count]) => `${status}×${count}`)
    .join(' ')
  const stop = interrupted ? ' (stopped by the time limit)' : ''
  return (
    `${runs} runs${stop}, ${skipped} skipped, ${(durationMs / 1000).toFixed(1)} s; heap ` +
    `${signed(heapGrowthBytes)}, RSS ${signed(rssGrowthBytes)}; answers ${counts}`
  )
}

function seedFrom(value: string | undefined): number {
  try {
    return parseSeed(value)
  } catch {
    throw new CliError(`--seed (or FUZZ_SEED) expects a 32-bit integer, got "${value}".`)
  }
}

function mebibytes(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(1)} MiB`
}

function signed(bytes: number): string {
  return `${bytes < 0 ? '-' : '+'}${mebibytes(Math.abs(bytes))}`
}

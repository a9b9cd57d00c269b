import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { faker } from '@faker-js/faker'
import { Stryker } from '@stryker-mutator/core'
import { CliError } from '../../shared/cli-error.ts'
import { parseCliArgs } from '../../shared/parse-cli-args.ts'
import { parseInteger } from '../../shared/parse-integer.ts'
import { type CliIo, runCli } from '../../shared/run-cli.ts'
import { readEquivalentMutants, readUnjudgedMutants } from './equivalent-mutants.ts'
import { forgetStaleSurvivors } from './forget-stale-survivors.ts'
import { type IncrementalReport, keepOtherVerdicts } from './keep-other-verdicts.ts'
import { listMutants } from './list-mutants.ts'
import { mutatedFolders, mutatedServerNames, serverOfFile, suiteTestName } from './mutated-servers.ts'
import { type JudgedMutant, summarizeMutation, summaryText } from './mutation-summary.ts'
import { incrementalFile, type MutationScope, mutationReportDir, strykerOptions } from './stryker-options.ts'

/** The `--help` text of `npm run mutation`. */
export const mutationHelp = `Usage: npm run mutation -- [options]

Mutates the Node servers of the conformance corpus (Express, Fastify, Hono, Koa, NestJS) with Stryker and
judges each mutant by the whole contract suite, run with its default options under the first proof seed.
A mutant is killed when the suite exits 1; a survivor must be listed in
test/mutation/equivalent-mutants.tsv with the interface's or a standard's sentence that says why no
client can observe it, or in test/mutation/unjudged-mutants.tsv when the run cannot judge it
(exit 2: the API nowhere at its base address, or code of a deployment shape it does not run). Progress and an
estimate of the time left go to stdout; the reports to ${mutationReportDir}/ (mutation.html, mutation.json,
summary.md, and unclassified.tsv: the survivors to classify, as rows of the list). The incremental file
(test/mutation/stryker-incremental.json) keeps every verdict: a rerun judges only mutants whose code
changed, and every survivor again once the suite changed (test/mutation/suite-digests.json says which
suite last judged each server).

Options:
  --server NAME   only this server's code (repeatable): ${mutatedServerNames.join(', ')}
  --sample N      a seeded sample of N mutants across the servers, judged afresh (what CI runs);
                  the incremental file is neither read nor written
  --seed N        the sample's seed (default 1)
  --force         judge every mutant again, ignoring the incremental file
  -h, --help      show this text

Exit code: 0 when every mutant judged is killed or listed, 1 when a survivor is neither
(or a listed one is killed), 2 on a usage error or when the run cannot start (a server not conformant
without a mutant).`

/**
 * \`npm run mutation\`: runs Stryker over the corpus, prints and writes the summary, returns the exit code. Never
 * throws: a usage error, or a run that cannot start, is one line.
 * @example process.exitCode = await runMutationCli(process.argv.slice(2), consoleIo)
 */
export async function runMutationCli(argv: Array<string>, io: CliIo): Promise<number> {
  return runCli(
    async () => {
      const { values } = parseCliArgs({
        args: argv,
        options: {
          server: { type: 'string', multiple: true },
          sample: { type: 'string' },
          seed: { type: 'string', default: '1' },
          force: { type: 'boolean', default: false },
          help: { type: 'boolean', short: 'h', default: false },
        },
      })
      if (values.help) {
        io.out(mutationHelp)
        return 0
      }
      const servers = values.server ?? []
      const unknown = servers.find((name) => !mutatedServerNames.includes(name))
      if (unknown !== undefined)
        throw new CliError(`--server expects one of ${mutatedServerNames.join(', ')}, got "${unknown}".`)
      const folders = mutatedFolders(servers)
      const scope: MutationScope =
        values.sample === undefined
          ? { mutate: folders.map((folder) => `${folder}/**/*.ts`), force: values.force, incremental: true }
          : await sampleScope(
              folders,
              parseInteger('--sample', values.sample, 1, 100_000),
              parseInteger('--seed', values.seed, 0, 2 ** 31 - 1),
            )
      const root = process.cwd()
      const suite = suiteTestName(root)
      const chosen = servers.length > 0 ? servers : mutatedServerNames
      // A server whose survivors another suite judged has them judged again: Stryker keeps a survivor's verdict
      // while its code is unchanged, whatever the suite became.
      const digests = readDigests()
      const stale = new Set(chosen.filter((name) => digests[name] !== suite))
      if (scope.incremental && !scope.force && stale.size > 0 && existsSync(incrementalFile))
        writeIncremental(forgetStaleSurvivors(readIncremental(), (path) => stale.has(serverOfFile(path) ?? '')))
      // Stryker keeps in its incremental file only the files it mutated: a run of some servers keeps the others'.
      const before = scope.incremental && existsSync(incrementalFile) ? readIncremental() : undefined
      const results = await runStryker(scope)
      if (before && existsSync(incrementalFile)) writeIncremental(keepOtherVerdicts(before, readIncremental()))
      if (scope.incremental)
        writeFileSync(
          suiteDigestsFile,
          `${JSON.stringify({ ...digests, ...Object.fromEntries(chosen.map((name) => [name, suite])) }, null, 2)}\n`,
        )
      const summary = summarizeMutation(results, readEquivalentMutants(), root, undefined, readUnjudgedMutants())
      const text = summaryText(summary)
      mkdirSync(mutationReportDir, { recursive: true })
      writeFileSync(`${mutationReportDir}/summary.md`, `${text}\n`)
      // The survivors to classify, as rows of test/mutation/equivalent-mutants.tsv with the reason left to write.
      const rows = summary.unclassified.map((key) => `${Object.values(key).join('\t')}\t`)
      writeFileSync(`${mutationReportDir}/unclassified.tsv`, rows.map((row) => `${row}\n`).join(''))
      io.out(text)
      return summary.unclassified.length + summary.listedButKilled.length === 0 ? 0 : 1
    },
    { io },
  )
}

/** The sample's mutants, each as the range of its own code: Stryker mutates only within the ranges given. */
async function sampleScope(folders: ReadonlyArray<string>, size: number, seed: number): Promise<MutationScope> {
  const candidates = (await listMutants(process.cwd(), folders)).filter((mutant) => !mutant.ignored)
  faker.seed(seed)
  const chosen = faker.helpers.arrayElements(candidates, Math.min(size, candidates.length))
  const mutate = chosen.map(({ key, location: { start, end } }) => {
    return `${key.file}:${start.line + 1}:${start.column}-${end.line + 1}:${end.column}`
  })
  return { mutate, force: true, incremental: false }
}

const readIncremental = (): IncrementalReport => JSON.parse(readFileSync(incrementalFile, 'utf8')) as IncrementalReport
const writeIncremental = (report: IncrementalReport) =>
  writeFileSync(incrementalFile, `${JSON.stringify(report, null, 2)}\n`)

/** The digest of the suite that last judged each server's mutants (`suiteTestName`), kept beside the verdicts. */
const suiteDigestsFile = 'test/mutation/suite-digests.json'
const readDigests = (): Record<string, string> =>
  existsSync(suiteDigestsFile) ? (JSON.parse(readFileSync(suiteDigestsFile, 'utf8')) as Record<string, string>) : {}

async function runStryker(scope: MutationScope): Promise<Array<JudgedMutant>> {
  try {
    const results = (await new Stryker(strykerOptions(scope)).runMutationTest()) as Array<JudgedMutant>
    // Stryker's results count lines and columns from 1 (its report's schema); a mutant's key counts them from 0.
    return results.map((result) => ({
      ...result,
      location: {
        start: { line: result.location.start.line - 1, column: result.location.start.column - 1 },
        end: { line: result.location.end.line - 1, column: result.location.end.column - 1 },
      },
    }))
  } catch (error) {
    throw new CliError(`Failed to run the mutation test: ${error instanceof Error ? error.message : String(error)}`)
  }
}

import { pathToFileURL } from 'node:url'
import type { Logger } from '@stryker-mutator/api/logging'
import { commonTokens, declareClassPlugin, PluginKind, tokens } from '@stryker-mutator/api/plugin'
import {
  type DryRunResult,
  DryRunStatus,
  type MutantRunOptions,
  type MutantRunResult,
  MutantRunStatus,
  type TestResult,
  type TestRunner,
  TestStatus,
} from '@stryker-mutator/api/test-runner'
import type { CorpusServer } from '../corpus/corpus-server.ts'
import type { judgeCorpusServer } from '../corpus/judge-corpus-server.ts'
import { mutationSeed, serverOfFile, suiteTestName } from './mutated-servers.ts'

/** What the runner loads from the sandbox Stryker made: the corpus servers there hold the instrumented code. */
interface SandboxCorpus {
  nodeServers: ReadonlyArray<CorpusServer>
  judgeCorpusServer: typeof judgeCorpusServer
}

/** The environment variable by which Stryker's instrumented code knows its active mutant. */
const activeMutantVariable = '__STRYKER_ACTIVE_MUTANT__'

/**
 * Stryker's test runner for the corpus: each mutant's server is started with the mutant active and judged by the
 * whole contract suite under the first proof seed. The suite's verdict is the mutant's: exit 1 (a violation) kills it;
 * exit 0 or 2 (conformant, or not judged) lets it survive; a server that never starts is a runtime error, which no
 * run of the suite could judge. Each server is two tests to Stryker: the server itself, which kills, and a marker
 * named after the suite's sources, so that an incremental run judges every survivor again once the suite changed.
 */
class ContractTestRunner implements TestRunner {
  static inject = tokens(commonTokens.logger)
  private corpus: SandboxCorpus | undefined

  constructor(private readonly log: Logger) {}

  capabilities() {
    return { reloadEnvironment: true }
  }

  async init(): Promise<void> {
    // Stryker loads this plugin before it moves into the sandbox: the corpus is loaded from there only now.
    const load = (path: string) => import(pathToFileURL(`${process.cwd()}/${path}`).href)
    this.corpus = {
      ...(await load('test/corpus/node-servers.ts')),
      ...(await load('test/corpus/judge-corpus-server.ts')),
    } as SandboxCorpus
  }

  async dryRun(): Promise<DryRunResult> {
    const corpus = this.loaded()
    const tests: Array<TestResult> = []
    const marker = suiteTestName(process.cwd())
    for (const server of corpus.nodeServers) {
      const started = performance.now()
      const [verdict] = await corpus.judgeCorpusServer(server, [mutationSeed])
      const timeSpentMs = Math.round(performance.now() - started)
      if (verdict?.result.exitCode !== 0) {
        const why = verdict?.violations[0] ?? verdict?.result.targetError ?? ''
        const exit = `exit ${verdict?.result.exitCode}`
        return {
          status: DryRunStatus.Error,
          errorMessage: `The ${server.name} server is not conformant (${exit}): ${why}`,
        }
      }
      this.log.info(`${server.name}: conformant without a mutant, judged in ${timeSpentMs} ms`)
      tests.push({ id: server.name, name: server.name, status: TestStatus.Success, timeSpentMs })
      tests.push({
        id: `${server.name} ${marker}`,
        name: `${server.name} ${marker}`,
        status: TestStatus.Success,
        timeSpentMs: 0,
      })
    }
    return { status: DryRunStatus.Complete, tests }
  }

  async mutantRun({ activeMutant }: MutantRunOptions): Promise<MutantRunResult> {
    const corpus = this.loaded()
    const folder = serverOfFile(activeMutant.fileName)
    const server = corpus.nodeServers.find((candidate) => candidate.folder === folder)
    if (!server)
      return { status: MutantRunStatus.Error, errorMessage: `No corpus server holds ${activeMutant.fileName}.` }
    process.env[activeMutantVariable] = activeMutant.id
    try {
      const [verdict] = await corpus.judgeCorpusServer(server, [mutationSeed])
      if (!verdict) return { status: MutantRunStatus.Error, errorMessage: 'The suite gave no verdict.' }
      if (verdict.result.exitCode === 1)
        return {
          status: MutantRunStatus.Killed,
          killedBy: [server.name],
          failureMessage: verdict.violations[0] ?? verdict.result.coverageShortfall ?? 'a violation',
          nrOfTests: 2,
        }
      const why = verdict.result.exitCode === 2 ? `not judged (exit 2): ${verdict.result.targetError}` : 'conformant'
      this.log.info(`Mutant ${activeMutant.id} (${activeMutant.fileName}) survived: ${why}`)
      return { status: MutantRunStatus.Survived, nrOfTests: 2 }
    } catch (error) {
      // startCorpusServer throws when the server exits or stays silent before its first answer.
      return { status: MutantRunStatus.Error, errorMessage: String(error).slice(0, 2_000) }
    } finally {
      delete process.env[activeMutantVariable]
    }
  }

  private loaded(): SandboxCorpus {
    if (!this.corpus) throw new Error('Failed to run the corpus: the test runner was not initialised.')
    return this.corpus
  }
}

/** The plugins Stryker loads from this file: the test runner named `contract`. */
export const strykerPlugins = [declareClassPlugin(PluginKind.TestRunner, 'contract', ContractTestRunner)]

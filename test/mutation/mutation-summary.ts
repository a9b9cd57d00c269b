import { readFileSync } from 'node:fs'
import { isAbsolute, join } from 'node:path'
import type { EquivalentMutant } from './equivalent-mutants.ts'
import { keyText, type MutantKey, type MutantLike, mutantKeys } from './mutant-key.ts'
import { serverOfFile } from './mutated-servers.ts'

/** A mutant as a run left it: Stryker's status (`Killed`, `Survived`, `Timeout`, `RuntimeError`, `Ignored`, …). */
export interface JudgedMutant extends MutantLike {
  status: string
}

/** One server's figures. The score is what the suite killed of the mutants it could judge that are not equivalent. */
export interface ServerFigures {
  server: string
  mutants: number
  killed: number
  /** Survivors listed as equivalent. */
  equivalent: number
  /**
   * Survivors listed as not judged: the run ends in exit 2 and says why (the API nowhere at its base address, code
   * of a deployment shape it does not run); not killed, counted against the score.
   */
  unjudged: number
  /** Survivors neither killed nor listed: each a gap to close. */
  unclassified: number
  /** Left out with their reason (log text). */
  ignored: number
  /** Stryker ended the run: the suite, whose requests all have bounds, did not end it first. Not a kill. */
  timeouts: number
  /** The server never started with the mutant: no run of the suite could judge it. */
  noStart: number
  score: number
}

/** What a run found: figures per server, and every mutant that breaks the rule of the list. */
export interface MutationSummary {
  servers: Array<ServerFigures>
  /** Survivors (or timeouts) neither killed nor listed. */
  unclassified: Array<MutantKey>
  /** Listed (as equivalent or as not judged), yet killed: the list's reason is wrong. */
  listedButKilled: Array<MutantKey>
}

const survived = new Set(['Survived', 'NoCoverage', 'Timeout'])

/**
 * Counts a run's mutants per server against the list of equivalent mutants; `sourceOf` reads a mutated file (the
 * disk, or the sources a report kept).
 * @example summarizeMutation(results, readEquivalentMutants(), process.cwd()).servers[0].score
 */
export function summarizeMutation(
  results: ReadonlyArray<JudgedMutant>,
  equivalents: ReadonlyArray<EquivalentMutant>,
  root: string,
  sourceOf: (path: string) => string = (path) => readFileSync(path, 'utf8'),
  unjudged: ReadonlyArray<EquivalentMutant> = [],
): MutationSummary {
  const listed = new Set(equivalents.map(keyText))
  const notJudged = new Set(unjudged.map(keyText))
  const sources = new Map<string, string>()
  const source = (path: string) => {
    if (!sources.has(path)) sources.set(path, sourceOf(path))
    return sources.get(path) ?? ''
  }
  const absolute = results.map((result) => ({
    ...result,
    fileName: isAbsolute(result.fileName) ? result.fileName : join(root, result.fileName),
  }))
  const keys = mutantKeys(absolute, source, root)
  const byServer = new Map<string, ServerFigures>()
  const unclassified: Array<MutantKey> = []
  const listedButKilled: Array<MutantKey> = []
  for (const [index, result] of results.entries()) {
    const key = keys[index] as MutantKey
    const server = serverOfFile(key.file) ?? key.file
    const figures = byServer.get(server) ?? emptyFigures(server)
    byServer.set(server, figures)
    figures.mutants++
    const isListed = listed.has(keyText(key))
    const isUnjudged = notJudged.has(keyText(key))
    if (result.status === 'Killed') figures.killed++
    if (result.status === 'Ignored') figures.ignored++
    if (result.status === 'Timeout') figures.timeouts++
    if (result.status === 'RuntimeError' || result.status === 'CompileError') figures.noStart++
    if (survived.has(result.status) && isListed) figures.equivalent++
    if (survived.has(result.status) && isUnjudged && !isListed) figures.unjudged++
    if (survived.has(result.status) && !isListed && !isUnjudged) {
      figures.unclassified++
      unclassified.push(key)
    }
    if (result.status === 'Killed' && (isListed || isUnjudged)) listedButKilled.push(key)
  }
  const servers = [...byServer.values()].sort((a, b) => a.server.localeCompare(b.server))
  for (const figures of servers) {
    const judged = figures.mutants - figures.ignored - figures.equivalent - figures.noStart
    figures.score = judged === 0 ? 1 : figures.killed / judged
  }
  return { servers, unclassified, listedButKilled }
}

function emptyFigures(server: string): ServerFigures {
  return {
    server,
    mutants: 0,
    killed: 0,
    equivalent: 0,
    unjudged: 0,
    unclassified: 0,
    ignored: 0,
    timeouts: 0,
    noStart: 0,
    score: 0,
  }
}

const percent = (share: number) => `${(Math.floor(share * 1000) / 10).toFixed(1)}%`

/**
 * The summary as Markdown: a table of the figures per server, then every mutant that breaks the rule.
 * @example io.out(summaryText(summary))
 */
export function summaryText(summary: MutationSummary): string {
  const header =
    '| server | mutants | killed | survived, equivalent | survived, not judged | survived, unclassified | ' +
    'timeouts | no start | log text | score | equivalent share |\n|---|---|---|---|---|---|---|---|---|---|---|'
  const rows = summary.servers.map(
    (s) =>
      `| ${s.server} | ${s.mutants} | ${s.killed} | ${s.equivalent} | ${s.unjudged} | ${s.unclassified} | ` +
      `${s.timeouts} | ` +
      `${s.noStart} | ${s.ignored} | ${percent(s.score)} | ${percent(s.mutants ? s.equivalent / s.mutants : 0)} |`,
  )
  const list = (title: string, keys: ReadonlyArray<MutantKey>) =>
    keys.length === 0 ? [] : ['', `${title} (${keys.length}):`, ...keys.map((key) => `- ${keyText(key)}`)]
  return [
    header,
    ...rows,
    ...list(
      'Survivors neither killed nor listed in test/mutation/equivalent-mutants.tsv or unjudged-mutants.tsv',
      summary.unclassified,
    ),
    ...list('Listed, yet killed: the reason is wrong', summary.listedButKilled),
  ].join('\n')
}

import { existsSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { beforeAll, expect, it } from 'vitest'
import { scaledMs } from '../../tools/time-scale.ts'
import { readEquivalentMutants, readUnjudgedMutants, uncitedQuotations } from './equivalent-mutants.ts'
import { type ListedMutant, listMutants } from './list-mutants.ts'
import { keyText, mutantKeys } from './mutant-key.ts'
import { mutatedFolders, serverOfFile } from './mutated-servers.ts'
import { type JudgedMutant, summarizeMutation } from './mutation-summary.ts'
import { incrementalFile } from './stryker-options.ts'

// The list of equivalent mutants (test/mutation/equivalent-mutants.tsv) against the servers' code as it is, and
// against the verdicts of the last mutation run kept in the repository (Stryker's incremental file): each listed
// mutant is one Stryker makes, its reason quotes the interface or a standard, and none was killed. What the
// incremental file holds is what docs/mutation.md reports; `npm run mutation` rewrites it.

const root = process.cwd()
const equivalents = readEquivalentMutants()
const unjudged = readUnjudgedMutants()
let mutants: Array<ListedMutant> = []

beforeAll(async () => {
  mutants = await listMutants(root, mutatedFolders())
}, scaledMs(120_000))

/** The last run as the incremental file keeps it: each file's source then, and each mutant's verdict. */
const report = () =>
  JSON.parse(readFileSync(incrementalFile, 'utf8')) as {
    files: Record<string, { source: string; mutants: Array<JudgedMutant> }>
  }

/** The verdicts the incremental file holds, as a run returns them (lines and columns from 0, absolute paths). */
function lastVerdicts(): Array<JudgedMutant> {
  return Object.entries(report().files).flatMap(([fileName, file]) =>
    file.mutants.map((mutant) => ({
      ...mutant,
      fileName: join(root, fileName),
      location: {
        start: { line: mutant.location.start.line - 1, column: mutant.location.start.column - 1 },
        end: { line: mutant.location.end.line - 1, column: mutant.location.end.column - 1 },
      },
    })),
  )
}

/** Reads a mutated file as the last run saw it. */
const sourceThen = (path: string) => report().files[relative(root, path)]?.source ?? ''

it('gives every equivalent mutant a reason that quotes the interface or a standard word for word', () => {
  const uncited = equivalents
    .map((mutant) => ({ mutant: keyText(mutant), uncited: uncitedQuotations(mutant.reason) }))
    .filter(({ uncited }) => uncited.length > 0)
  expect(uncited).toEqual([])
})

it('lists only mutants Stryker makes of the corpus servers today, each once on one list, with its reason', () => {
  const made = new Set(mutants.map((mutant) => keyText(mutant.key)))
  const listed = [...equivalents, ...unjudged].map(keyText)
  expect(listed.filter((key) => !made.has(key))).toEqual([])
  expect(listed.length).toBe(new Set(listed).size)
  expect(unjudged.filter((mutant) => mutant.reason.trim() === '').map(keyText)).toEqual([])
})

it('keeps the verdicts for every mutant of the servers it judged, survivors listed, none killed', () => {
  expect(existsSync(incrementalFile), `${incrementalFile}: run npm run mutation`).toBe(true)
  const verdicts = lastVerdicts()
  const judgedServers = new Set(verdicts.map((mutant) => serverOfFile(mutant.fileName)))
  expect(judgedServers.size).toBeGreaterThan(0)
  // The incremental file is not stale for a server it holds: every mutant of its code as it is has a verdict.
  const judged = new Set(mutantKeys(verdicts, sourceThen, root).map(keyText))
  const missing = mutants
    .filter((mutant) => judgedServers.has(serverOfFile(mutant.fileName)) && !judged.has(keyText(mutant.key)))
    .map((mutant) => keyText(mutant.key))
  expect(missing, 'mutants without a verdict: run npm run mutation').toEqual([])
  const summary = summarizeMutation(verdicts, equivalents, root, sourceThen, unjudged)
  expect(summary.listedButKilled.map(keyText), 'listed, yet killed').toEqual([])
  expect(summary.unclassified.map(keyText), 'survivors neither killed nor listed').toEqual([])
})

interface IncrementalTest {
  id: string
  name: string
}
interface IncrementalMutant {
  killedBy?: Array<string>
  coveredBy?: Array<string>
  [field: string]: unknown
}
/** The part of Stryker's incremental file (its mutation-testing report schema) a merge reads. */
export interface IncrementalReport {
  files: Record<string, { mutants: Array<IncrementalMutant>; [field: string]: unknown }>
  testFiles?: Record<string, { tests: Array<IncrementalTest>; [field: string]: unknown }>
  [field: string]: unknown
}

/**
 * The incremental report a run of some servers wrote, with the verdicts the report before it held for the files
 * that run did not mutate (Stryker keeps only the files it mutated). The tests the kept mutants name are matched by
 * name: a kept mutant names the same tests under the ids of the new report, new ids given to tests it lacks.
 * @example writeFileSync(file, JSON.stringify(keepOtherVerdicts(before, JSON.parse(readFileSync(file, 'utf8')))))
 */
export function keepOtherVerdicts(before: IncrementalReport, after: IncrementalReport): IncrementalReport {
  const kept = Object.entries(before.files).filter(([path]) => !(path in after.files))
  if (kept.length === 0) return after
  const testsOf = (report: IncrementalReport) => Object.values(report.testFiles ?? {}).flatMap((file) => file.tests)
  const nameOfOld = new Map(testsOf(before).map((test) => [test.id, test.name]))
  const idOfName = new Map(testsOf(after).map((test) => [test.name, test.id]))
  const added: Array<IncrementalTest> = []
  let nextId =
    Math.max(
      -1,
      ...testsOf(after)
        .map((test) => Number(test.id))
        .filter(Number.isFinite),
    ) + 1
  const newId = (oldId: string): string => {
    const name = nameOfOld.get(oldId) ?? oldId
    let id = idOfName.get(name)
    if (id === undefined) {
      id = String(nextId++)
      idOfName.set(name, id)
      added.push({ id, name })
    }
    return id
  }
  const files = { ...after.files }
  for (const [path, file] of kept)
    files[path] = {
      ...file,
      mutants: file.mutants.map((mutant) => ({
        ...mutant,
        ...(mutant.killedBy && { killedBy: mutant.killedBy.map(newId) }),
        ...(mutant.coveredBy && { coveredBy: mutant.coveredBy.map(newId) }),
      })),
    }
  const testFiles = { ...after.testFiles }
  const first = testFiles[''] ?? { tests: [] }
  testFiles[''] = { ...first, tests: [...first.tests, ...added] }
  return { ...after, files, testFiles }
}

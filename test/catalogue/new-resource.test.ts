import { access, cp, readFile, rm } from 'node:fs/promises'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { operationList } from '../../spec/operations.ts'
import { scaledMs } from '../../tools/time-scale.ts'
import { corpusServers } from '../corpus/corpus-servers.ts'
import { useTestSeed } from '../support/test-seed.ts'
import { categoryProof } from './category-edits.ts'
import { applyEdit } from './operation-edits.ts'
import { type Compiled, compile, copyProject, runInCopy, unitTestFailures } from './operation-proof.ts'
import { ownerProof } from './owner-edits.ts'
import type { ResourceProof } from './resource-edits.ts'

// What adding kinds of resource costs, end to end, by CONTRIBUTING's checklist "Add a resource" and no other file:
// to a copy of the project, first owners, unlike the pets (a UUID id the service assigns, an email, lengths, a `limit`
// of their own), alone; then categories beside them. Each is judged on its own (the compiler naming the two tables,
// the files the checklist names); owners alone pass their named checks; both together keep every unit test green,
// pass the whole contract suite on the copy's mock, and a faulty server of each is caught. The reports of the runs
// speak of owners in their own words: no pet noun.

const projectRoot = fileURLToPath(new URL('../../', import.meta.url))
const seed = useTestSeed()
/** At most this many files written by hand for a resource: the spec, the seed and the tables the compiler names. */
const mostFilesByHand = 8
/** Words of the pets a report must not use of another resource. */
const petWords = /\b(?:pets?|animals?|petId|NewPet|categoryId)\b/i

interface Steps {
  written: Array<string>
  named: Compiled
  afterEdits: Compiled
}

let copy: string
const steps = new Map<ResourceProof, Steps>()

interface ProbeRun {
  reports: string
  exitCode: number
  failures: Array<string>
  scenarios: Array<{ operationId: string; check: string; title: string; outcome: string }>
  reads: Record<string, { count: number; petIds: Array<string> }>
}

/** Runs stages of the probe in one process of the copy, for the resources named. */
async function probe(resources: ReadonlyArray<ResourceProof>, stages: ReadonlyArray<string>) {
  const env = {
    PROBE_SEED: String(seed),
    PROBE_RESOURCES: resources.map((resource) => resource.plural).join(','),
    PROBE_REPORTS: join(copy, 'reports'),
  }
  const { stdout } = await runInCopy(copy, ['test/catalogue/new-resource-probe.ts', ...stages], env)
  return JSON.parse(stdout) as Record<string, ProbeRun>
}

/** Adds a resource to the copy by the checklist: its spec, then what the compiler names. */
async function addResource(proof: ResourceProof): Promise<void> {
  const written = [await applyEdit(copy, proof.spec)]
  await runInCopy(copy, ['scripts/generate.ts'])
  const named = await compile(copy)
  for (const edit of proof.codeEdits) written.push(await applyEdit(copy, edit))
  steps.set(proof, { written, named, afterEdits: await compile(copy) })
}

/** What the reports of a run say of a resource's operations: titles, messages, expectations and citations. */
async function wordsOf(run: ProbeRun, proof: ResourceProof): Promise<Array<string>> {
  const ours = Object.values(proof.operations)
  const report = JSON.parse(await readFile(join(run.reports, 'contract-report.json'), 'utf8')) as {
    scenarios: Array<{
      operationId: string
      title: string
      reason?: string
      basis?: { text: string }
      assertions: Array<{ message: string; expected?: string; basis?: { text: string } }>
    }>
  }
  const console = await readFile(join(run.reports, 'console.txt'), 'utf8')
  // A line of the console speaks of the resource when it names its operations and no other's (the coverage line
  // names every operation of the spec).
  const others = [
    ...operationList.map((operation) => operation.operationId),
    ...report.scenarios.map((scenario) => scenario.operationId),
  ].filter((operationId) => !ours.includes(operationId))
  const named = (line: string, operationIds: ReadonlyArray<string>) =>
    operationIds.some((operationId) => new RegExp(`\\b${operationId}\\b`).test(line))
  return [
    ...report.scenarios
      .filter((scenario) => ours.includes(scenario.operationId))
      .flatMap((scenario) => [
        scenario.title,
        scenario.reason ?? '',
        scenario.basis?.text ?? '',
        ...scenario.assertions.flatMap((assertion) => [
          assertion.message,
          assertion.expected ?? '',
          assertion.basis?.text ?? '',
        ]),
      ]),
    ...console.split('\n').filter((line) => named(line, ours) && !named(line, others)),
  ]
}

beforeAll(async () => {
  copy = await copyProject()
  await cp(
    join(projectRoot, 'test/catalogue/new-resource-probe.ts'),
    join(copy, 'test/catalogue/new-resource-probe.ts'),
  )
}, scaledMs(120_000))

afterAll(async () => {
  if (copy) await rm(copy, { recursive: true, force: true })
})

/** The tests that judge one resource's checklist on its own. */
function judgeChecklist(proof: ResourceProof): void {
  const stepsOf = () => steps.get(proof) as Steps

  it('makes the compiler name the mock operations table and the contract scenarios table, and nothing else', () => {
    const { named } = stepsOf()
    for (const operationId of Object.values(proof.operations)) expect(named.output).toContain(operationId)
    expect(named.files, named.output).toEqual([
      'contract-tests/scenarios/registry.ts',
      'mocks/core/create-pet-store-core.ts',
    ])
  })

  it('compiles once the checklist is done', () => {
    expect(stepsOf().afterEdits.output).toBe('')
  })

  it(`needed at most ${mostFilesByHand} files by hand, exactly those CONTRIBUTING's checklist names`, async () => {
    const contributing = await readFile(join(projectRoot, 'CONTRIBUTING.md'), 'utf8')
    const section = contributing.split('\n## ').find((part) => part.startsWith('Add a resource')) ?? ''
    const checklist = section.split('\n### ')[0] ?? ''
    const listed = [...checklist.matchAll(/\*\*`([^`]+)`\*\*/g)].map((match) => match[1] as string)
    const { written } = stepsOf()
    expect([...new Set(listed)].sort()).toEqual([...new Set(written)].sort())
    expect(new Set(written).size).toBeLessThanOrEqual(mostFilesByHand)
  })
}

describe('owners alone: a UUID id, an email, lengths and a limit of their own', () => {
  let run: ProbeRun
  beforeAll(async () => {
    await addResource(ownerProof)
    run = (await probe([ownerProof], ['named'])).named as ProbeRun
  }, scaledMs(240_000))

  judgeChecklist(ownerProof)

  it("passes the owners' named checks on the copy's mock, reading each owner by an id the mock gave", () => {
    expect(run.failures).toEqual([])
    expect(run.exitCode).toBe(0)
    for (const check of ['list_default_limit', 'create_echo', 'get_matches_list', 'unknown_id_not_found'])
      expect(run.scenarios).toContainEqual(expect.objectContaining({ check, outcome: 'passed' }))
    expect(run.scenarios).toContainEqual(
      expect.objectContaining({ check: 'invalid_id_rejected', title: expect.stringContaining('not a UUID') }),
    )
    expect(run.reads.owners?.count).toBeGreaterThan(0)
    expect(run.reads.owners?.petIds).toEqual([])
  })
})

describe('categories beside them: both together', () => {
  const faulty = [
    ['ignores-limit', categoryProof, /more than|limited to|returns exactly/],
    ['upper-case-id-refused', ownerProof, /got 400/],
    ['email-lower-cased', ownerProof, /"email" came back as/],
  ] as const
  const stageOf = ([variant, proof]: (typeof faulty)[number]) => `faulty:${variant}:${proof.plural}`
  let runs: Promise<Record<string, ProbeRun>>
  beforeAll(async () => {
    await addResource(categoryProof)
    runs = probe([ownerProof, categoryProof], ['contract', ...faulty.map(stageOf)])
    // Judged by the tests below; a failure here is theirs to report.
    runs.catch(() => {})
  }, scaledMs(240_000))

  judgeChecklist(categoryProof)

  it(
    'keeps every unit test of the copy green: none pins what a new resource changes',
    async () => {
      expect(await unitTestFailures(copy)).toEqual([])
    },
    scaledMs(180_000),
  )

  it(
    "passes the whole contract suite on the copy's mock, each resource read by an id of its own kind",
    async () => {
      const { contract } = await runs
      expect(contract?.failures).toEqual([])
      expect(contract?.exitCode).toBe(0)
      const passed = (operationId: string, check: string) =>
        expect(contract?.scenarios).toContainEqual(expect.objectContaining({ operationId, check, outcome: 'passed' }))
      for (const { operations } of [ownerProof, categoryProof]) {
        passed(operations.list, 'list_default_limit')
        passed(operations.list, 'generated_list_query')
        passed(operations.create, 'create_echo')
        passed(operations.create, 'generated_valid_create')
        passed(operations.read, 'get_matches_list')
      }
      passed(ownerProof.operations.read, 'generated_get_owner')
      expect(contract?.scenarios).toContainEqual(
        expect.objectContaining({
          check: 'stateful_model',
          outcome: 'passed',
          title: expect.stringContaining('listOwners'),
        }),
      )
      for (const plural of ['owners', 'categories']) {
        expect(contract?.reads[plural]?.count, plural).toBeGreaterThan(0)
        expect(contract?.reads[plural]?.petIds, plural).toEqual([])
      }
    },
    scaledMs(240_000),
  )

  it.each(faulty.map((variant) => [stageOf(variant), variant] as const))(
    'catches a faulty server of the new resources (%s)',
    async (stage, [, proof, failure]) => {
      const run = (await runs)[stage] as ProbeRun
      expect(run.exitCode).toBe(1)
      const ours = run.failures.filter((line) => Object.values(proof.operations).some((id) => line.startsWith(id)))
      expect(ours.join('\n')).toMatch(failure)
    },
    scaledMs(240_000),
  )

  it(
    'prints no pet noun for owners in any report of the runs, passing or failing',
    async () => {
      const all = await runs
      const words = (await Promise.all(Object.values(all).map((run) => wordsOf(run, ownerProof)))).flat()
      expect(words.length).toBeGreaterThan(100)
      expect(words.filter((text) => petWords.test(text))).toEqual([])
    },
    scaledMs(240_000),
  )
})

it('lists in CONTRIBUTING what every corpus server needs to serve a new resource, counted apart', async () => {
  const contributing = await readFile(join(projectRoot, 'CONTRIBUTING.md'), 'utf8')
  const section =
    contributing
      .split('\n### ')
      .find((part) => part.startsWith('The conformance corpus'))
      ?.split('\n## ')[0] ?? ''
  const files = [...section.matchAll(/`(test\/corpus\/servers\/[^`]+)`/g)].map((match) => match[1] as string)
  for (const file of files) await expect(access(join(projectRoot, file))).resolves.toBeUndefined()
  const folders = new Set(files.map((file) => file.split('/')[3]))
  expect([...folders].sort()).toEqual(corpusServers.map((server) => server.folder).sort())
  expect(section).toContain(`${new Set(files).size} files`)
})

import { cp, readFile, rm } from 'node:fs/promises'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { scaledMs } from '../../tools/time-scale.ts'
import { useTestSeed } from '../support/test-seed.ts'
import { categoryProof } from './category-edits.ts'
import { applyEdit } from './operation-edits.ts'
import { type Compiled, compile, copyProject, runInCopy, unitTestFailures } from './operation-proof.ts'

// What adding a second kind of resource costs, end to end: a copy of the project gets categories (a list with the
// pets' `limit` rules, a read by id, a create) by the files CONTRIBUTING's checklist "Add a resource" names and no
// other, and then its unit tests pass, the contract suite passes on its mock (reading each category by a category's
// id, never a pet's), and a list that ignores `limit` is caught.

const projectRoot = fileURLToPath(new URL('../../', import.meta.url))
const seed = useTestSeed()
/** At most this many files written by hand: the spec, the seed and the tables the compiler names. */
const mostFilesByHand = 8

let copy: string
const written: Array<string> = []
let named: Compiled
let afterEdits: Compiled

const inCopy = (args: ReadonlyArray<string>, env: Record<string, string> = {}) => runInCopy(copy, args, env)
const probe = async (stage: string) =>
  JSON.parse((await inCopy(['test/catalogue/new-resource-probe.ts', stage], { PROBE_SEED: String(seed) })).stdout)

beforeAll(async () => {
  copy = await copyProject()
  await cp(
    join(projectRoot, 'test/catalogue/new-resource-probe.ts'),
    join(copy, 'test/catalogue/new-resource-probe.ts'),
  )
  written.push(await applyEdit(copy, categoryProof.spec))
  await inCopy(['scripts/generate.ts'])
  named = await compile(copy)
  for (const edit of categoryProof.codeEdits) written.push(await applyEdit(copy, edit))
  afterEdits = await compile(copy)
}, scaledMs(240_000))

afterAll(async () => {
  if (copy) await rm(copy, { recursive: true, force: true })
})

it('makes the compiler name the mock operations table and the contract scenarios table, and nothing else', () => {
  for (const operationId of categoryProof.operations) expect(named.output).toContain(operationId)
  expect(named.files, named.output).toEqual([
    'contract-tests/scenarios/registry.ts',
    'mocks/core/create-pet-store-core.ts',
  ])
})

it('compiles once the checklist is done', () => {
  expect(afterEdits.output).toBe('')
})

it(`needed at most ${mostFilesByHand} files by hand, exactly those CONTRIBUTING's checklist names`, async () => {
  const contributing = await readFile(join(projectRoot, 'CONTRIBUTING.md'), 'utf8')
  const section = contributing.split('\n## ').find((part) => part.startsWith('Add a resource')) ?? ''
  const listed = [...section.matchAll(/\*\*`([^`]+)`\*\*/g)].map((match) => match[1] as string)
  expect([...new Set(listed)].sort()).toEqual([...new Set(written)].sort())
  expect(new Set(written).size).toBeLessThanOrEqual(mostFilesByHand)
})

it(
  'keeps every unit test of the copy green: none pins what a new resource changes',
  async () => {
    expect(await unitTestFailures(copy)).toEqual([])
  },
  scaledMs(180_000),
)

it(
  "passes the whole contract suite on the copy's mock, each category read by a category's id",
  async () => {
    const result = await probe('contract')
    expect(result.failures).toEqual([])
    expect(result.exitCode).toBe(0)
    const passed = (operationId: string, check: string) =>
      expect(result.scenarios).toContainEqual(expect.objectContaining({ operationId, check, outcome: 'passed' }))
    passed('listCategories', 'list_default_limit')
    passed('listCategories', 'generated_list_query')
    passed('createCategory', 'create_echo')
    passed('getCategory', 'get_matches_list')
    expect(result.scenarios).toContainEqual(
      expect.objectContaining({
        check: 'stateful_model',
        outcome: 'passed',
        title: expect.stringContaining('listCategories'),
      }),
    )
    expect(result.readIds).toBeGreaterThan(0)
    expect(result.readPetIds).toEqual([])
  },
  scaledMs(180_000),
)

it(
  'finds a list of the new resource that ignores limit',
  async () => {
    const result = await probe('faulty')
    expect(result.exitCode).toBe(1)
    expect(result.failures.filter((failure: string) => failure.startsWith('listCategories')).join('\n')).toMatch(
      /more than|limited to|returns exactly/,
    )
  },
  scaledMs(180_000),
)

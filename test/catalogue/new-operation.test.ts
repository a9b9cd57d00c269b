import { execFile } from 'node:child_process'
import { cp, mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { serveDemo } from '../browser-demo/serve-demo.ts'
import { launchChromium } from '../support/launch-chromium.ts'
import { useTestSeed } from '../support/test-seed.ts'
import { applyEdit, codeEdits, specWithLink, specWithoutLink } from './delete-pet-edits.ts'

// What adding an operation costs, end to end: a copy of the project gets `DELETE /pets/{petId}` (204; 401;
// 404) by the files CONTRIBUTING's checklist names and no other, and then the mock serves it, the auth
// matrix and the fuzz cover it, and the stateful phase removes pets and expects them gone.

const run = promisify(execFile)
const seed = useTestSeed()
const projectRoot = fileURLToPath(new URL('../../', import.meta.url))
const tsc = join(projectRoot, 'node_modules/typescript/bin/tsc')
let copy: string
/** Every file written by hand in the copy, in order. */
const written: Array<string> = []

const inCopy = (args: ReadonlyArray<string>, env: Record<string, string> = {}) =>
  run(process.execPath, ['--import', 'tsx', ...args], {
    cwd: copy,
    env: { ...process.env, ...env },
    maxBuffer: 16 * 1024 * 1024,
  })
const regenerate = () => inCopy(['scripts/generate.ts'])
const probe = async (stage: string, transport = 'in-process') =>
  JSON.parse(
    (await inCopy(['test/catalogue/new-operation-probe.ts', stage, transport], { PROBE_SEED: String(seed) })).stdout,
  )
/** The files the compiler names, with its output. */
async function compile(): Promise<{ files: Array<string>; output: string }> {
  const output = await run(process.execPath, [tsc, '--noEmit', '-p', 'tsconfig.product.json'], { cwd: copy }).then(
    () => '',
    (error: { stdout: string }) => error.stdout,
  )
  const files = [...new Set(output.split('\n').flatMap((line) => /^([^(]+\.ts)\(/.exec(line)?.[1] ?? []))]
  return { files: files.sort(), output }
}

let loadFailure = ''
let named: { files: Array<string>; output: string }
let afterEdits: { files: Array<string>; output: string }

beforeAll(async () => {
  copy = await mkdtemp(join(tmpdir(), 'petstore-new-operation-'))
  for (const folder of ['spec', 'mocks', 'contract-tests', 'fixtures', 'scripts', 'tools', 'test/fuzz', 'test/support'])
    await cp(join(projectRoot, folder), join(copy, folder), { recursive: true })
  for (const file of ['tsconfig.json', 'package.json']) await cp(join(projectRoot, file), join(copy, file))
  await mkdir(join(copy, 'test/catalogue'), { recursive: true })
  for (const file of ['new-operation-probe.ts', 'new-operation-page.ts'])
    await cp(join(projectRoot, 'test/catalogue', file), join(copy, 'test/catalogue', file))
  await symlink(join(projectRoot, 'node_modules'), join(copy, 'node_modules'), 'dir')
  await writeFile(
    join(copy, 'tsconfig.product.json'),
    JSON.stringify({
      extends: './tsconfig.json',
      include: ['spec', 'mocks', 'contract-tests', 'fixtures'],
      exclude: ['**/*.test.ts'],
    }),
  )

  // The operation alone: the catalogue takes it, the stateful phase refuses to load without its place.
  written.push(await applyEdit(copy, specWithoutLink))
  await regenerate()
  loadFailure = await probe('catalogue').then(
    () => '',
    (error: { stderr: string }) => error.stderr,
  )
  // Its link from createPet: then the compiler names what must learn it.
  await applyEdit(copy, specWithLink)
  await regenerate()
  named = await compile()
  for (const edit of codeEdits) written.push(await applyEdit(copy, edit))
  afterEdits = await compile()
}, 240_000)

afterAll(async () => {
  if (copy) await rm(copy, { recursive: true, force: true })
})

it('refuses to load the stateful phase while the new operation has no place in it, naming it', () => {
  expect(loadFailure).toMatch(/RelationError: Failed to place "deletePet" in the stateful phase/)
})

it('makes the compiler name the mock operations table and the contract scenarios table, and nothing else', () => {
  expect(named.output).toContain('deletePet')
  expect(named.files, named.output).toEqual([
    'contract-tests/scenarios/registry.ts',
    'mocks/core/create-pet-store-core.ts',
  ])
})

it('compiles once the checklist is done', () => {
  expect(afterEdits.output).toBe('')
})

it("needed exactly the files CONTRIBUTING's checklist names", async () => {
  const contributing = await readFile(join(projectRoot, 'CONTRIBUTING.md'), 'utf8')
  const section = contributing.split('\n## ').find((part) => part.startsWith('Add an operation')) ?? ''
  const listed = [...section.matchAll(/\*\*`([^`]+)`\*\*/g)].map((match) =>
    (match[1] as string).replace('<operation-name>', 'delete-pet'),
  )
  expect([...new Set(listed)].sort()).toEqual([...new Set(written)].sort())
})

it('puts the operation into the catalogue, the auth matrix, the fuzz and the stateful phase as a removal', async () => {
  const { operation, role, auth, fuzzDeletes } = await probe('catalogue')
  expect(operation).toMatchObject({
    method: 'DELETE',
    safe: false,
    described: true,
    promisedStatuses: ['204', '401', '404'],
  })
  expect(role).toMatchObject({ kind: 'remove', creator: 'createPet', link: { parameter: 'petId', field: 'id' } })
  expect(auth).toHaveLength(5)
  expect(fuzzDeletes).toBeGreaterThan(0)
}, 60_000)

it('survives the fuzz with the new operation among its targets: never a 5xx, every 4xx an Error', async () => {
  const args = ['scripts/fuzz.ts', '--runs', '400', '--seconds', '40', '--seed', String(seed), '--target', 'in-process']
  const { stdout } = await inCopy(args)
  expect(stdout).toMatch(/^in-process: ok: /m)
}, 120_000)

it.each(['in-process', 'standalone'])(
  'passes the whole contract suite on the %s mock, deleting only pets the run created',
  async (transport) => {
    const result = await probe('contract', transport)
    expect(result.failures).toEqual([])
    expect(result.exitCode).toBe(0)
    expect(result.scenarios).toContainEqual(expect.objectContaining({ check: 'delete_pet', outcome: 'passed' }))
    expect(result.scenarios.filter((s: { check: string }) => s.check === 'auth_required')).toHaveLength(5)
    expect(result.scenarios).toContainEqual(
      expect.objectContaining({ check: 'stateful_model', outcome: 'passed', title: expect.stringMatching(/removed/) }),
    )
    expect(result.deletes).toBeGreaterThan(10)
    expect(result.deletedNotCreated).toEqual([])
  },
  180_000,
)

it('finds a delete that answers 204 and removes nothing, in the stateful phase', async () => {
  const result = await probe('faulty')
  expect(result.exitCode).toBe(1)
  expect(result.failures.join('\n')).toMatch(
    /stateful_model: resource \d+, removed by this run, (read back|is still listed)/,
  )
}, 180_000)

it("serves it in a browser through the copy's service worker: 204, then 404, and 401 without a key", async () => {
  const page = {
    html: '<!doctype html><title>deletePet</title><script type="module" src="/demo.js"></script>',
    entry: join(copy, 'test/catalogue/new-operation-page.ts'),
    workerScript: join(copy, 'mocks/browser/public/mockServiceWorker.js'),
  }
  const demo = await serveDemo({ page })
  const browser = await launchChromium()
  try {
    const tab = await browser.newPage()
    await tab.goto(demo.url)
    const statuses = await tab.evaluate(() => (window as unknown as { probe: Promise<unknown> }).probe)
    expect(statuses).toEqual({
      created: 201,
      removed: 204,
      readBack: 404,
      removedAgain: 404,
      withoutKey: 401,
      controlled: 1,
    })
  } finally {
    await browser.close()
    await demo.close()
  }
}, 120_000)

import { execFile } from 'node:child_process'
import { cp, mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { scaledMs } from '../../tools/time-scale.ts'
import { serveDemo } from '../browser-demo/serve-demo.ts'
import { launchChromium } from '../support/launch-chromium.ts'
import { useTestSeed } from '../support/test-seed.ts'
import { applyEdit, type Edit } from './operation-edits.ts'

// What adding an operation costs, end to end: a copy of the project gets the operation by the files
// CONTRIBUTING's checklist names and no other, and then the mock serves it, the auth matrix and the fuzz
// cover it, and the stateful phase plays its role on pets the run created, finding a faulty server's defect
// in the steps it takes whatever the seed.

/** An operation on `/pets/{petId}` a newcomer adds, the edits that add it and what its proof expects. */
export interface OperationProof {
  operationId: string
  method: string
  /** The kebab-case name of its handler and scenario files. */
  file: string
  /** Its role in the stateful phase, as `spec/relations.ts` reads it. */
  role: Readonly<Record<string, unknown>>
  promisedStatuses: ReadonlyArray<string>
  /** Step 1 without the link from the creator: the stateful phase must refuse to load. */
  specWithoutLink: Edit
  /** The link from the creator, on top of `specWithoutLink`. */
  specWithLink: Edit
  /** Every other file written once the spec has the operation, in checklist order. */
  codeEdits: ReadonlyArray<Edit>
  /** The check of its own scenario group. */
  check: string
  /** What the stateful phase's title promises of it. */
  statefulTitle: RegExp
  /** The failure the must-try steps report for a faulty server (new-operation-probe.ts, `faulty`). */
  faultyFailure: RegExp
  /** A page of test/catalogue/ run in a browser through the copy's service worker, and what it must read. */
  page: { entry: string; statuses: Readonly<Record<string, number>> }
}

const run = promisify(execFile)
const projectRoot = fileURLToPath(new URL('../../', import.meta.url))
const tsc = join(projectRoot, 'node_modules/typescript/bin/tsc')

/** What the compiler said of the copy: the files it names, and its output. */
export interface Compiled {
  files: Array<string>
  output: string
}

/** The files the compiler names in the copy, with its output. */
export async function compile(copy: string): Promise<Compiled> {
  // Incremental: a second compile of the copy checks again only what the edits since the first one reach.
  const args = [tsc, '--noEmit', '--incremental', '--tsBuildInfoFile', '.tsbuildinfo', '-p', 'tsconfig.product.json']
  const output = await run(process.execPath, args, { cwd: copy }).then(
    () => '',
    (error: { stdout: string }) => error.stdout,
  )
  const files = [...new Set(output.split('\n').flatMap((line) => /^([^(]+\.ts)\(/.exec(line)?.[1] ?? []))]
  return { files: files.sort(), output }
}

/** A copy of the project with what the checklist reads and what the proof runs. */
export async function copyProject(): Promise<string> {
  const copy = await mkdtemp(join(tmpdir(), 'petstore-new-operation-'))
  // test/fixtures: what unit tests beside the code read (judge-certificates.test.ts its TLS certificates).
  const folders = [
    'spec',
    'shared',
    'mocks',
    'contract-tests',
    'proxy',
    'cli',
    'fixtures',
    'scripts',
    'tools',
    'test/fuzz',
    'test/support',
    'test/suite-on-mock',
  ]
  for (const folder of [...folders, 'test/fixtures'])
    await cp(join(projectRoot, folder), join(copy, folder), { recursive: true })
  // CONTRIBUTING too: its checklists and lists are what the copy's own tests hold the code to.
  for (const file of ['tsconfig.json', 'package.json', 'vitest.config.ts', 'biome.json', 'CONTRIBUTING.md'])
    await cp(join(projectRoot, file), join(copy, file))
  await mkdir(join(copy, 'test/catalogue'), { recursive: true })
  for (const file of ['new-operation-probe.ts', 'start-page-worker.ts', 'delete-pet-page.ts', 'update-pet-page.ts'])
    await cp(join(projectRoot, 'test/catalogue', file), join(copy, 'test/catalogue', file))
  await symlink(join(projectRoot, 'node_modules'), join(copy, 'node_modules'), 'dir')
  const product = {
    extends: './tsconfig.json',
    include: ['spec', 'shared', 'mocks', 'contract-tests', 'proxy', 'cli', 'fixtures'],
  }
  await writeFile(join(copy, 'tsconfig.product.json'), JSON.stringify({ ...product, exclude: ['**/*.test.ts'] }))
  return copy
}

/**
 * Runs a TypeScript script of the copy under node with the tsx loader, `env` added to the environment.
 * @example const { stdout } = await runInCopy(copy, ['scripts/generate.ts'])
 */
export function runInCopy(copy: string, args: ReadonlyArray<string>, env: Record<string, string> = {}) {
  return run(process.execPath, ['--import', 'tsx', ...args], {
    cwd: copy,
    env: { ...process.env, ...env },
    maxBuffer: 16 * 1024 * 1024,
  })
}

/**
 * The copy's unit tests run (vitest project `unit`): the lines of their output that name a failure, none when all
 * pass.
 * @example expect(await unitTestFailures(copy)).toEqual([])
 */
export function unitTestFailures(copy: string): Promise<Array<string>> {
  const vitest = join(projectRoot, 'node_modules/vitest/vitest.mjs')
  return run(process.execPath, [vitest, 'run', '--project', 'unit'], { cwd: copy, maxBuffer: 16 * 1024 * 1024 }).then(
    () => [],
    (error: { stdout: string; stderr: string }) =>
      `${error.stdout}\n${error.stderr}`.split('\n').filter((line) => /FAIL|×|Error:/.test(line)),
  )
}

/** What adding one operation to the copy showed, step by step. */
interface OperationSteps {
  /** Every file written by hand for it, in order. */
  written: Array<string>
  /** What loading the stateful phase said while the operation had no place in it. */
  loadFailure: string
  /** The compile once its link is in the spec, before any code edit. */
  named: Compiled
  /** The compile once its checklist is done. */
  afterEdits: Compiled
}

/**
 * Adds each of `proofs`' operations, one after the other, to one copy of the project by CONTRIBUTING's checklist,
 * as a newcomer adds one and then the next, and registers the tests that judge each step and the result: what each
 * operation needed is judged on its own, what the copy then does (unit tests, fuzz, contract suite, browser) once
 * for all of them.
 * @example proveNewOperations([deletePetProof, updatePetProof])
 */
export function proveNewOperations(proofs: ReadonlyArray<OperationProof>): void {
  const seed = useTestSeed()
  let copy: string
  const steps = new Map<OperationProof, OperationSteps>()
  const stepsOf = (proof: OperationProof) => steps.get(proof) as OperationSteps
  const all = proofs.map((proof) => proof.operationId).join(',')

  const inCopy = (args: ReadonlyArray<string>, env: Record<string, string> = {}) => runInCopy(copy, args, env)
  const regenerate = () => inCopy(['scripts/generate.ts'])
  const probe = async (operations: string, stage: string, transport = 'in-process') => {
    const env = { PROBE_SEED: String(seed), PROBE_OPERATION: operations }
    return JSON.parse((await inCopy(['test/catalogue/new-operation-probe.ts', stage, transport], env)).stdout)
  }
  /** What the catalogue makes of each operation once every checklist is done: probed once, read by several tests. */
  const catalogues = new Map<OperationProof, ReturnType<typeof probe>>()
  const probeCatalogue = (proof: OperationProof) => {
    const known = catalogues.get(proof) ?? probe(proof.operationId, 'catalogue')
    catalogues.set(proof, known)
    return known
  }

  beforeAll(
    async () => {
      copy = await copyProject()
      for (const proof of proofs) {
        const written: Array<string> = []
        // The operation alone: the catalogue takes it, the stateful phase refuses to load without its place.
        written.push(await applyEdit(copy, proof.specWithoutLink))
        await regenerate()
        const loadFailure = await probe(proof.operationId, 'catalogue').then(
          () => '',
          (error: { stderr: string }) => error.stderr,
        )
        // Its link from createPet: then the compiler names what must learn it.
        written.push(await applyEdit(copy, proof.specWithLink))
        await regenerate()
        const named = await compile(copy)
        for (const edit of proof.codeEdits) written.push(await applyEdit(copy, edit))
        steps.set(proof, { written, loadFailure, named, afterEdits: await compile(copy) })
      }
    },
    scaledMs(240_000 * proofs.length),
  )

  afterAll(async () => {
    if (copy) await rm(copy, { recursive: true, force: true })
  })

  describe.each(proofs.map((proof) => [proof.operationId, proof] as const))('adding %s', (_operationId, proof) => {
    it('refuses to load the stateful phase while the new operation has no place in it, naming it', () => {
      expect(stepsOf(proof).loadFailure).toContain(
        `RelationError: Failed to place "${proof.operationId}" in the stateful phase`,
      )
    })

    it('makes the compiler name the mock operations table and the contract scenarios table, and nothing else', () => {
      const { named } = stepsOf(proof)
      expect(named.output).toContain(proof.operationId)
      expect(named.files, named.output).toEqual([
        'contract-tests/scenarios/registry.ts',
        'mocks/core/create-pet-store-core.ts',
      ])
    })

    it('compiles once the checklist is done', () => {
      expect(stepsOf(proof).afterEdits.output).toBe('')
    })

    it("needed exactly the files CONTRIBUTING's checklist names", async () => {
      const contributing = await readFile(join(projectRoot, 'CONTRIBUTING.md'), 'utf8')
      const section = contributing.split('\n## ').find((part) => part.startsWith('Add an operation')) ?? ''
      const listed = [...section.matchAll(/\*\*`([^`]+)`\*\*/g)].map((match) =>
        (match[1] as string).replace('<operation-name>', proof.file),
      )
      expect([...new Set(listed)].sort()).toEqual([...new Set(stepsOf(proof).written)].sort())
    })

    it(
      'puts the operation into the catalogue, the auth matrix, the fuzz and the stateful phase',
      async () => {
        const { operation, role, auth, authOfOthers, fuzzed } = await probeCatalogue(proof)
        expect(operation).toMatchObject({
          method: proof.method,
          safe: false,
          described: true,
          promisedStatuses: proof.promisedStatuses,
        })
        expect(role).toMatchObject(proof.role)
        // As many as every other described operation gets: one per kind of bad credential, however many there are.
        expect(authOfOthers).toHaveLength(1)
        expect(auth).toHaveLength(authOfOthers[0])
        expect(auth.length).toBeGreaterThan(0)
        expect(fuzzed).toBeGreaterThan(0)
      },
      scaledMs(60_000),
    )

    it(
      'finds a faulty server of it in the steps every run takes, whatever the seed',
      async () => {
        const result = await probe(proof.operationId, 'faulty')
        expect(result.exitCode).toBe(1)
        expect(result.mustTryFailures.join('\n')).toMatch(proof.faultyFailure)
      },
      scaledMs(180_000),
    )
  })

  it(
    'keeps every unit test green: none pins what the operations change (routes, Allow, links, roles)',
    async () => {
      expect(await unitTestFailures(copy)).toEqual([])
    },
    scaledMs(180_000),
  )

  it(
    'survives the fuzz with the new operations among its targets: never a 5xx, every 4xx an Error',
    async () => {
      const args = [
        'scripts/fuzz.ts',
        '--runs',
        '400',
        '--seconds',
        '40',
        '--seed',
        String(seed),
        '--target',
        'in-process',
      ]
      const { stdout } = await inCopy(args)
      expect(stdout).toMatch(/^in-process: ok: /m)
    },
    scaledMs(120_000),
  )

  it.each(['in-process', 'standalone'])(
    'passes the whole contract suite on the %s mock, naming only pets the run created',
    async (transport) => {
      const result = await probe(all, 'contract', transport)
      expect(result.failures).toEqual([])
      expect(result.exitCode).toBe(0)
      for (const proof of proofs) {
        const { operationId } = proof
        expect(result.scenarios).toContainEqual(
          expect.objectContaining({ operationId, check: proof.check, outcome: 'passed' }),
        )
        // One per kind of bad credential, as the auth matrix of the catalogue gives it.
        const { auth } = await probeCatalogue(proof)
        const authOf = result.scenarios.filter(
          (s: { check: string; operationId: string }) => s.check === 'auth_required' && s.operationId === operationId,
        )
        expect(authOf, operationId).toHaveLength(auth.length)
        expect(result.scenarios).toContainEqual(
          expect.objectContaining({
            check: 'stateful_model',
            outcome: 'passed',
            title: expect.stringMatching(proof.statefulTitle),
          }),
        )
      }
      expect(result.named).toBeGreaterThan(10)
      expect(result.namedNotCreated).toEqual([])
    },
    scaledMs(180_000),
  )

  it(
    "serves them in a browser through the copy's service worker",
    async () => {
      const browser = await launchChromium()
      try {
        for (const proof of proofs) {
          const page = {
            html: `<!doctype html><title>${proof.operationId}</title><script type="module" src="/demo.js"></script>`,
            entry: join(copy, 'test/catalogue', proof.page.entry),
            workerScript: join(copy, 'mocks/browser/public/mockServiceWorker.js'),
          }
          const demo = await serveDemo({ page })
          try {
            const tab = await browser.newPage()
            await tab.goto(demo.url)
            const statuses = await tab.evaluate(() => (window as unknown as { probe: Promise<unknown> }).probe)
            expect(statuses, proof.operationId).toEqual(proof.page.statuses)
            await tab.close()
          } finally {
            await demo.close()
          }
        }
      } finally {
        await browser.close()
      }
    },
    scaledMs(120_000),
  )
}

import { execFile } from 'node:child_process'
import { cp, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { parse, stringify } from 'yaml'

// What adding an operation to the spec costs: a copy of the project gets `DELETE /pets/{petId}`, its
// generated types are rebuilt, and the compiler must name every place that has to learn about it,
// while the catalogue-driven lists (the auth matrix) take it in with no edit.

const run = promisify(execFile)
const projectRoot = fileURLToPath(new URL('../../', import.meta.url))
let copy: string

beforeAll(async () => {
  copy = await mkdtemp(join(tmpdir(), 'petstore-new-operation-'))
  for (const folder of ['spec', 'mocks', 'contract-tests', 'fixtures'])
    await cp(join(projectRoot, folder), join(copy, folder), { recursive: true })
  await cp(join(projectRoot, 'tsconfig.json'), join(copy, 'tsconfig.json'))
  await cp(join(projectRoot, 'package.json'), join(copy, 'package.json'))
  await cp(join(projectRoot, 'vitest.config.ts'), join(copy, 'vitest.config.ts'))
  await symlink(join(projectRoot, 'node_modules'), join(copy, 'node_modules'), 'dir')
  await writeFile(
    join(copy, 'tsconfig.product.json'),
    JSON.stringify({
      extends: './tsconfig.json',
      include: ['spec', 'mocks', 'contract-tests', 'fixtures', 'vitest.config.ts'],
      exclude: ['**/*.test.ts'],
    }),
  )

  const specPath = join(copy, 'spec/openapi.yaml')
  const spec = parse(await readFile(specPath, 'utf8')) as { paths: Record<string, Record<string, unknown>> }
  const petPath = spec.paths['/pets/{petId}'] as { get: { parameters: unknown }; delete?: unknown }
  petPath.delete = {
    operationId: 'deletePet',
    summary: 'Remove one animal',
    parameters: petPath.get.parameters,
    responses: {
      '204': { description: 'Removed.' },
      '401': { $ref: '#/components/responses/Unauthorized' },
      '404': {
        description: 'Not found.',
        content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
      },
    },
  }
  await writeFile(specPath, stringify(spec))
  const regenerate = `
    import { writeFile } from 'node:fs/promises'
    import { join } from 'node:path'
    import { generatedDir, generateSpecArtifacts } from './spec/generate-spec-artifacts.ts'
    const files = Object.entries(await generateSpecArtifacts())
    for (const [name, text] of files) await writeFile(join(generatedDir, name), text)
  `
  await run(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', regenerate], { cwd: copy })
}, 120_000)

afterAll(async () => {
  if (copy) await rm(copy, { recursive: true, force: true })
})

it('makes the compiler name the mock operations table and the contract scenarios table, and nothing else', async () => {
  const tsc = join(projectRoot, 'node_modules/typescript/bin/tsc')
  const outcome = await run(process.execPath, [tsc, '--noEmit', '-p', 'tsconfig.product.json'], { cwd: copy }).then(
    () => ({ stdout: '' }),
    (error: { stdout: string }) => ({ stdout: error.stdout }),
  )
  const files = [...new Set(outcome.stdout.split('\n').flatMap((line) => /^([^(]+\.ts)\(/.exec(line)?.[1] ?? []))]
  expect(outcome.stdout).toContain('deletePet')
  expect(files.sort(), outcome.stdout).toEqual([
    'contract-tests/scenarios/registry.ts',
    'mocks/core/create-pet-store-core.ts',
  ])
}, 120_000)

it('puts the new operation into the catalogue and the auth matrix with no edit', async () => {
  const probe = `
    const { operations } = await import('./spec/operations.ts')
    const { authScenarios } = await import('./contract-tests/scenarios/auth-scenarios.ts')
    const auth = authScenarios.filter((scenario) => scenario.operationId === 'deletePet')
    console.log(JSON.stringify({ operation: operations.deletePet, auth }))
  `
  const { stdout } = await run(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', probe], { cwd: copy })
  const { operation, auth } = JSON.parse(stdout) as {
    operation: { method: string; safe: boolean; described: boolean; sample: { params: { petId: number } } }
    auth: Array<{ check: string; title: string; writes: boolean }>
  }
  expect(operation).toMatchObject({ method: 'DELETE', safe: false, described: true, sample: { params: { petId: 1 } } })
  expect(auth).toHaveLength(5)
  expect(auth.every((scenario) => scenario.check === 'auth_required' && scenario.writes)).toBe(true)
  expect(auth[0]?.title).toBe('deletePet answers 401 with an Error to no Authorization header')
}, 120_000)

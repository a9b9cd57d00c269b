import { mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { expect, it } from 'vitest'
import { runCommand } from '../consumer/run-command.ts'
import { docsCodeBlocks } from './docs-code-blocks.ts'

const repository = fileURLToPath(new URL('../../', import.meta.url))
const page = 'docs/openapi-tools.md'

/** The page's block of one language that this test runs. */
async function blockOf(language: string): Promise<string> {
  const block = (await docsCodeBlocks(page)).find(
    (candidate) => candidate.language === language && candidate.checked?.file === 'test/docs/openapi-tools.test.ts',
  )
  if (!block) throw new Error(`Failed to find a block of ${page}: expected a ${language} block it runs, got none.`)
  return block.text
}

/**
 * A project with the package installed (a link to this repository, as `npm install <folder>` makes one) and the
 * openapi-typescript and typescript this repository pins, so that nothing is downloaded; removed after `use`.
 */
async function inProject(use: (project: string) => Promise<void>): Promise<void> {
  const project = await mkdtemp(join(tmpdir(), 'petstore-openapi-tools-'))
  try {
    await mkdir(join(project, 'node_modules', '.bin'), { recursive: true })
    await mkdir(join(project, 'src'))
    await symlink(repository, join(project, 'node_modules', 'petstore-contract'))
    for (const name of ['openapi-typescript', 'typescript'])
      await symlink(join(repository, 'node_modules', name), join(project, 'node_modules', name))
    const bin = join(repository, 'node_modules', '.bin', 'openapi-typescript')
    await symlink(bin, join(project, 'node_modules', '.bin', 'openapi-typescript'))
    await use(project)
  } finally {
    await rm(project, { recursive: true, force: true })
  }
}

it("runs docs/openapi-tools.md's commands where the package is installed: the spec's path, types from it", async () => {
  const commands = await blockOf('sh')
  await inProject(async (project) => {
    const result = await runCommand('bash', ['-euo', 'pipefail', '-c', commands], { cwd: project })
    expect(result.code, result.stderr).toBe(0)
    expect(result.stdout.split('\n')[0]).toBe(join(repository, 'spec', 'openapi.yaml'))
    const types = await readFile(join(project, 'src', 'petstore-api.d.ts'), 'utf8')
    for (const path of ['"/pets"', '"/pets/{petId}"', '"/messages"']) expect(types).toContain(path)
    // What the int64 section of the page answers: the command's own types round an int64.
    expect(types).toMatch(/categoryId: number;/)
  })
})

it("runs docs/openapi-tools.md's int64 script: the package's own types, every int64 a number or a bigint", async () => {
  const script = await blockOf('js')
  await inProject(async (project) => {
    await writeFile(join(project, 'generate-types.mjs'), script)
    const result = await runCommand('node', ['generate-types.mjs'], { cwd: project })
    expect(result.code, result.stderr).toBe(0)
    const types = await readFile(join(project, 'src', 'petstore-api.d.ts'), 'utf8')
    for (const int64 of ['id', 'categoryId', 'petId']) expect(types).toContain(`${int64}: number | bigint;`)
    // The `paths` of petstore-contract/openapi-fetch, what withExactInt64 reads and writes.
    const shipped = await readFile(join(repository, 'spec', 'generated', 'openapi-types.ts'), 'utf8')
    expect(types).toBe(shipped.slice(shipped.indexOf('\n') + 1))
  })
})

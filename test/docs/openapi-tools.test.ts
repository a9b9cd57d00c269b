import { mkdir, mkdtemp, readFile, rm, symlink } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { expect, it } from 'vitest'
import { runCommand } from '../consumer/run-command.ts'
import { docsCodeBlocks } from './docs-code-blocks.ts'

const repository = fileURLToPath(new URL('../../', import.meta.url))

it("runs docs/openapi-tools.md's commands where the package is installed: the spec's path, types from it", async () => {
  const [block] = (await docsCodeBlocks('docs/openapi-tools.md')).filter((candidate) => candidate.language === 'sh')
  if (!block) throw new Error('Failed to find the commands of docs/openapi-tools.md: expected a sh block, got none.')
  // A project with the package installed (a link to this repository, as `npm install <folder>` makes one) and the
  // openapi-typescript this repository pins, so that nothing is downloaded.
  const project = await mkdtemp(join(tmpdir(), 'petstore-openapi-tools-'))
  try {
    await mkdir(join(project, 'node_modules', '.bin'), { recursive: true })
    await mkdir(join(project, 'src'))
    await symlink(repository, join(project, 'node_modules', 'petstore-contract'))
    const bin = join(repository, 'node_modules', '.bin', 'openapi-typescript')
    await symlink(bin, join(project, 'node_modules', '.bin', 'openapi-typescript'))
    const result = await runCommand('bash', ['-euo', 'pipefail', '-c', block.text], { cwd: project })
    expect(result.code, result.stderr).toBe(0)
    expect(result.stdout.split('\n')[0]).toBe(join(repository, 'spec', 'openapi.yaml'))
    const types = await readFile(join(project, 'src', 'petstore-api.d.ts'), 'utf8')
    for (const path of ['"/pets"', '"/pets/{petId}"', '"/messages"']) expect(types).toContain(path)
  } finally {
    await rm(project, { recursive: true, force: true })
  }
})

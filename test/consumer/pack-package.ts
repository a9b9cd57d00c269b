import { mkdtemp } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { runCommand } from './run-command.ts'

const repositoryRoot = fileURLToPath(new URL('../../', import.meta.url))

/**
 * `npm pack` of this repository into a fresh temporary folder (its prepack script builds dist/ first).
 * @example const tarball = await packPackage() // /tmp/petstore-pack-x/petstore-contract-0.1.0.tgz
 */
export async function packPackage(): Promise<string> {
  const destination = await mkdtemp(join(tmpdir(), 'petstore-pack-'))
  const packed = await runCommand('npm', ['pack', '--json', '--pack-destination', destination], {
    cwd: repositoryRoot,
  })
  if (packed.code !== 0)
    throw new Error(`Failed to pack the package: expected npm pack to exit 0, got ${packed.code}. ${packed.stderr}`)
  const [packedFile] = JSON.parse(packed.stdout.slice(packed.stdout.indexOf('['))) as Array<{ filename: string }>
  if (!packedFile)
    throw new Error(`Failed to pack the package: expected npm pack to name a tarball, got ${packed.stdout}.`)
  return join(destination, packedFile.filename)
}

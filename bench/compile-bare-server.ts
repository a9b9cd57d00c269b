import { rmSync } from 'node:fs'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { transform } from 'esbuild'

const source = fileURLToPath(new URL('./bare-server.ts', import.meta.url))

/**
 * Compiles `bare-server.ts` to a temporary `.mjs` that plain `node` runs: measured through tsx, the
 * floor would carry tsx's start-up and memory. Call `remove()` when done.
 * @example const bare = await compileBareServer(); spawn(process.execPath, [bare.path]); await bare.remove()
 */
export async function compileBareServer(): Promise<{ path: string; remove(): Promise<void> }> {
  const directory = await mkdtemp(join(tmpdir(), 'petstore-bench-'))
  const { code } = await transform(await readFile(source, 'utf8'), { loader: 'ts', format: 'esm', target: 'node20' })
  const path = join(directory, 'bare-server.mjs')
  await writeFile(path, code)
  // An interrupted bench exits without reaching remove(); the file must not outlive it either.
  const removeOnExit = (): void => rmSync(directory, { recursive: true, force: true })
  process.once('exit', removeOnExit)
  return {
    path,
    remove: () => {
      process.off('exit', removeOnExit)
      return rm(directory, { recursive: true, force: true })
    },
  }
}

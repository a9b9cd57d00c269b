import { randomBytes } from 'node:crypto'
import { constants } from 'node:fs'
import { open, rename, unlink } from 'node:fs/promises'
import { dirname } from 'node:path'
import { symlinkTarget } from './symlink-target.ts'

/** A fresh file only: never one already there, never through a symbolic link planted at its name. */
const createOnly = constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW

/** The temporary files `writeAtomically` writes beside `<name>`: `<name>.<16 hex digits>.tmp`. */
export const temporarySuffix = /^\.[0-9a-f]+\.tmp$/

/**
 * A temporary name beside `target` that no one can guess: 64 random bits.
 * @example temporaryName('/state/pets.json') // '/state/pets.json.9f86d081884c7d65.tmp'
 */
export function temporaryName(target: string): string {
  return `${target}.${randomBytes(8).toString('hex')}.tmp`
}

/**
 * Writes `text` to `path` so that a reader never sees half of it: into a temporary file beside it first
 * (an unpredictable name, created new, a link there refused), synced, then renamed over the file, then the
 * directory synced. A `path` that is a symbolic link stays one: its target is written. A failed write
 * removes the temporary file and leaves the file as it was.
 * `nameTemporary` is `temporaryName` but where a test must know the name.
 * @example await writeAtomically('pets.json', text)
 */
export async function writeAtomically(path: string, text: string, nameTemporary = temporaryName): Promise<void> {
  const target = await symlinkTarget(path)
  const temporary = nameTemporary(target)
  const file = await open(temporary, createOnly, 0o644)
  try {
    await file.writeFile(text)
    await file.sync()
  } catch (error) {
    await file.close()
    await unlink(temporary).catch(() => {})
    throw error
  }
  await file.close()
  await rename(temporary, target)
  // The rename is durable once the directory entry is: sync the directory (not possible everywhere, e.g. Windows).
  const directory = await open(dirname(target), 'r').catch(() => undefined)
  if (!directory) return
  await directory.sync().catch(() => {})
  await directory.close()
}

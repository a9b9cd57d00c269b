import { open, rename, unlink } from 'node:fs/promises'
import { dirname } from 'node:path'

/**
 * Writes `text` to `path` so that a reader never sees half of it: into `temporary` first, synced, then
 * renamed over `path`, then the directory synced. A failed write removes `temporary` and leaves `path` as it was.
 * @example await writeAtomically('pets.json', `pets.json.${process.pid}.tmp`, text)
 */
export async function writeAtomically(path: string, temporary: string, text: string): Promise<void> {
  const file = await open(temporary, 'w', 0o644)
  try {
    await file.writeFile(text)
    await file.sync()
  } catch (error) {
    await file.close()
    await unlink(temporary).catch(() => {})
    throw error
  }
  await file.close()
  await rename(temporary, path)
  // The rename is durable once the directory entry is: sync the directory (not possible everywhere, e.g. Windows).
  const directory = await open(dirname(path), 'r').catch(() => undefined)
  if (!directory) return
  await directory.sync().catch(() => {})
  await directory.close()
}

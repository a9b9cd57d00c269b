import { constants, type Stats } from 'node:fs'
import { open, stat } from 'node:fs/promises'

/**
 * A path that names something other than a regular file (a FIFO, a directory, a device, a socket): reading it
 * would block (a FIFO waits for a writer), never end (a device) or fail. The message says what it is.
 * @example throw new NotRegularFileError('a FIFO (named pipe)')
 */
export class NotRegularFileError extends Error {
  constructor(readonly kind: string) {
    super(`it is ${kind}, not a regular file`)
    this.name = 'NotRegularFileError'
  }
}

/**
 * The text of a regular file, UTF-8. What the path names is looked at before it is opened (a FIFO is never
 * opened, which would block until a writer came), then opened without blocking and looked at again, so that a
 * FIFO swapped in meanwhile is refused too. Errors of the file system come as they are (`ENOENT`, `EACCES`).
 * @example const text = await readRegularFile('pets.json')
 * @throws NotRegularFileError when the path (its links followed) is no regular file
 */
export async function readRegularFile(path: string): Promise<string> {
  assertRegular(await stat(path))
  const handle = await open(path, constants.O_RDONLY | constants.O_NONBLOCK)
  try {
    assertRegular(await handle.stat())
    return await handle.readFile('utf8')
  } finally {
    await handle.close()
  }
}

function assertRegular(stats: Stats): void {
  if (stats.isFile()) return
  throw new NotRegularFileError(fileKind(stats))
}

function fileKind(stats: Stats): string {
  if (stats.isFIFO()) return 'a FIFO (named pipe)'
  if (stats.isDirectory()) return 'a directory'
  if (stats.isCharacterDevice()) return 'a character device'
  if (stats.isBlockDevice()) return 'a block device'
  if (stats.isSocket()) return 'a socket'
  return 'something other than a file or a directory'
}

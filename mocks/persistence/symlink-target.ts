import { readlink } from 'node:fs/promises'
import { dirname, resolve } from 'node:path'

/** As many links as Linux follows before it gives up with ELOOP. */
const maxLinks = 40

/**
 * The file a path names once its symbolic links are followed (the path itself when it is no link, or
 * names nothing yet): where to write so that a link stays a link. Only the last part of the path is
 * followed; a link among its directories is followed by the writes themselves.
 * @example await symlinkTarget('pets.json') // '/home/me/state/pets.json' when pets.json links there
 * @throws an `ELOOP` error past 40 links
 */
export async function symlinkTarget(path: string): Promise<string> {
  let current = path
  for (let links = 0; links <= maxLinks; links++) {
    let link: string
    try {
      link = await readlink(current)
    } catch {
      // Not a link (EINVAL), nothing there yet (ENOENT), or unreadable: the write itself will tell.
      return current
    }
    current = resolve(dirname(current), link)
  }
  throw Object.assign(new Error(`Failed to follow ${path}: more than ${maxLinks} symbolic links.`), { code: 'ELOOP' })
}

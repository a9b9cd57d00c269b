import { readdirSync, readFileSync } from 'node:fs'

/** What a server assumes where the system does not say (no /proc): the usual soft limit. */
const assumedLimit = 1_024

/**
 * The process's soft limit on open files (Linux: /proc/self/limits, "Max open files"), and how many it has
 * open now; where either cannot be read, 1,024 and 32.
 * @example const { limit, open } = openFileLimit() // { limit: 1024, open: 21 }
 */
export function openFileLimit(): { limit: number; open: number } {
  let limit = assumedLimit
  try {
    const line = /^Max open files\s+(\d+|unlimited)/m.exec(readFileSync('/proc/self/limits', 'utf8'))?.[1]
    if (line !== undefined && line !== 'unlimited') limit = Number(line)
  } catch {
    // No /proc: the assumed limit stands.
  }
  let open = 32
  try {
    open = readdirSync('/proc/self/fd').length
  } catch {
    // No /proc: a typical count stands.
  }
  return { limit, open }
}

/**
 * The most connections a server keeps open: below the open-file limit by what the process holds already
 * and a margin for the files and sockets it opens as it serves (a state file's writes, a CONNECT answered
 * by hand), so that accepting a connection never fails for want of a file descriptor.
 * @example defaultMaxConnections({ limit: 1024, open: 21 }) // 939
 */
export function defaultMaxConnections({ limit, open }: { limit: number; open: number }): number {
  const margin = Math.max(64, Math.ceil(limit * 0.05))
  return Math.max(16, limit - open - margin)
}

import { readFileSync } from 'node:fs'

// Linux reports process times in clock ticks of 1/100 s (USER_HZ) on every common platform.
const ticksPerSecond = 100

/**
 * CPU time a process has used so far, user and system, in seconds, from `/proc/<pid>/stat`;
 * `undefined` without /proc or once the process is gone. The difference over a measurement gives
 * the server's cost per request even when the load generator, not the server, sets the pace.
 * @example const before = readProcessCpu(pid); await load(); (readProcessCpu(pid) - before) / requests
 */
export function readProcessCpu(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    // Fields after the command name (which may hold spaces): utime and stime are the 12th and 13th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    return (Number(fields[11]) + Number(fields[12])) / ticksPerSecond
  } catch {
    return undefined
  }
}

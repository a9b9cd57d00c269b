import { readFileSync } from 'node:fs'
import { readProcessCpu } from './read-process-cpu.ts'

export interface CpuWatch {
  /** Share of the machine's CPU time, in %, that went to anything but the watched processes
   * (other programs, the kernel on their behalf, hypervisor steal); `null` without /proc. */
  stop(): number | null
}

/**
 * Watches how busy the machine is apart from the bench and the server under load, so a figure
 * taken while something else ran is flagged instead of silently low. Reads `/proc/stat` and
 * `/proc/<pid>/stat` (Linux) at start and stop.
 * @example const watch = watchOtherCpu([process.pid, target.pid]); await load(); watch.stop() // 3.2
 */
export function watchOtherCpu(pids: ReadonlyArray<number>): CpuWatch {
  const before = snapshot(pids)
  return {
    stop() {
      const after = snapshot(pids)
      if (!before || !after || after.total <= before.total) return null
      const other = after.busy - before.busy - (after.own - before.own)
      return Math.max(0, (other / (after.total - before.total)) * 100)
    },
  }
}

// /proc/stat counts in the same 1/100 s ticks as the per-process times.
function snapshot(pids: ReadonlyArray<number>): { busy: number; total: number; own: number } | undefined {
  try {
    const [, ...fields] = (readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '').trim().split(/\s+/)
    const [user = 0, nice = 0, system = 0, idle = 0, iowait = 0, irq = 0, softirq = 0, steal = 0] = fields.map(Number)
    let own = 0
    for (const pid of pids) {
      const seconds = readProcessCpu(pid)
      if (seconds === undefined) return undefined
      own += seconds * 100
    }
    const busy = user + nice + system + irq + softirq + steal
    return { busy, total: busy + idle + iowait, own }
  } catch {
    return undefined
  }
}

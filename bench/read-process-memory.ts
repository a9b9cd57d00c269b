import { readFileSync } from 'node:fs'

export interface ProcessMemory {
  /** Resident set size now, in MB. */
  rssMb: number
  /** Highest resident set size since the process started (`VmHWM`), in MB. */
  peakRssMb: number
}

/**
 * Reads a process's resident memory from `/proc/<pid>/status` (Linux). The kernel keeps the peak
 * (`VmHWM`) itself, so no sampling can miss a short spike. `undefined` where there is no /proc or the
 * process is gone.
 * @example readProcessMemory(child.pid) // { rssMb: 52.1, peakRssMb: 61.3 }
 */
export function readProcessMemory(pid: number): ProcessMemory | undefined {
  let status: string
  try {
    status = readFileSync(`/proc/${pid}/status`, 'utf8')
  } catch {
    return undefined
  }
  const kilobytes = (field: string): number | undefined => {
    const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)
    return match ? Number(match[1]) : undefined
  }
  const rss = kilobytes('VmRSS')
  const peak = kilobytes('VmHWM')
  if (rss === undefined || peak === undefined) return undefined
  return { rssMb: rss / 1024, peakRssMb: peak / 1024 }
}

import { availableParallelism, cpus, loadavg, release, totalmem } from 'node:os'

export interface MachineInfo {
  cpuModel: string
  cores: number
  node: string
  platform: string
  totalMemoryMb: number
  /** 1-minute load average when the bench started: a busy machine makes every figure lower. */
  loadAverageAtStart: number
}

/**
 * What the figures were measured on; they mean little without it.
 * @example machineInfo() // { cpuModel: 'AMD EPYC', cores: 2, node: 'v20.20.2', ... }
 */
export function machineInfo(): MachineInfo {
  return {
    cpuModel: cpus()[0]?.model.trim() ?? 'unknown',
    cores: availableParallelism(),
    node: process.version,
    platform: `${process.platform} ${release()} ${process.arch}`,
    totalMemoryMb: Math.round(totalmem() / 1024 / 1024),
    loadAverageAtStart: loadavg()[0] ?? 0,
  }
}

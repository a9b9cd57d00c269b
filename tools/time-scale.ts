import { createHash } from 'node:crypto'
import { availableParallelism, loadavg } from 'node:os'

/** Where the calibration made at the start of a test run is handed to the test files' processes. */
const variable = 'PETSTORE_TIME_SCALE'

/** No bound grows past this many times its quiet-machine value: a test that hangs still ends. */
const maxScale = 12

/**
 * How long the calibration workload takes on a quiet machine of the kind the suite is written on (2 cores, Node 20):
 * the median of five rounds was 17 ms to 19 ms there.
 */
const quietWorkloadMs = 18

/** A fixed amount of CPU work: hashing 4 MiB in 64 KiB pieces, 6 times over. */
function workload(): void {
  const piece = Buffer.alloc(64 * 1024, 7)
  for (let round = 0; round < 6; round++) {
    const hash = createHash('sha256')
    for (let index = 0; index < 64; index++) hash.update(piece)
    hash.digest()
  }
}

function median(values: ReadonlyArray<number>): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)] as number
}

const clamp = (value: number) => Math.min(maxScale, Math.max(1, value))

/** How busy the cores are now: the last minute's load average per core (1 or less on a machine with room). */
function loadPerCore(): number {
  return (loadavg()[0] ?? 0) / availableParallelism()
}

/**
 * Measures once, at the start of a test run, how much slower than a quiet machine this one runs (the median of
 * five rounds of a fixed workload against its quiet time, and the load per core, whichever says slower), and hands
 * it to the test files' processes through PETSTORE_TIME_SCALE. A value already set there (a user's own) is a floor.
 * @example calibrateTimeScale() // 1 on a quiet machine, 6.5 beside another `npm test` on two cores
 */
export function calibrateTimeScale(): number {
  const rounds: Array<number> = []
  for (let round = 0; round < 5; round++) {
    const started = performance.now()
    workload()
    rounds.push(performance.now() - started)
  }
  const floor = Number(process.env[variable] ?? 1)
  const scale = clamp(Math.max(Number.isFinite(floor) ? floor : 1, median(rounds) / quietWorkloadMs, loadPerCore()))
  process.env[variable] = scale.toFixed(2)
  return scale
}

/**
 * How many times longer than on a quiet machine things take now: the calibration of the run's start, or the load
 * per core now if the machine got busier since.
 * @example timeScale() // 1
 */
export function timeScale(): number {
  const calibrated = Number(process.env[variable] ?? 1)
  return clamp(Math.max(Number.isFinite(calibrated) ? calibrated : 1, loadPerCore()))
}

/**
 * A time bound written for a quiet machine, scaled to how busy this one is: every bound a test waits on (a child
 * process, a server's start, "answered within seconds") goes through it, so that load is never read as a failure.
 * @example setTimeout(() => child.kill('SIGKILL'), scaledMs(20_000))
 */
export function scaledMs(quietMs: number): number {
  return Math.round(quietMs * timeScale())
}

import type { ProgressEvent } from '../run/run-contract.ts'
import type { ScenarioResult } from '../shared/scenario-result.ts'

interface ProgressPrinterOptions {
  /** Writes one whole line (a log: CI, a file, a pipe). */
  line(text: string): void
  /** Rewrites the one live line of a terminal; absent where output is a log. */
  live?: (text: string) => void
  /** Nothing finished for this long: a heartbeat line says the run is alive. Default 15 s. */
  heartbeatMs?: number
  /** The terminal's width, for the live line. Default 100. */
  columns?: number
  now?: () => number
}

interface ProgressPrinter {
  onProgress(event: ProgressEvent): void
  /** Stops the heartbeat and clears the live line, before the summary is printed. */
  stop(): void
}

const marks: Record<ScenarioResult['outcome'], string> = { passed: '✓', failed: '✗', skipped: '-', error: '!' }
const seconds = (ms: number): string => `${(ms / 1000).toFixed(ms < 10_000 ? 1 : 0)} s`

/**
 * Shows a run as its test cases finish: on a log, one line each (`[ 12/153] ✓ auth_required: <title> (0.2 s)`) and
 * a heartbeat when nothing finished for a while; on a terminal, one live line rewritten in place. Titles are the
 * suite's own; the caller makes each line safe (redacted, no control characters).
 * @example const printer = progressPrinter({ line: (text) => console.error(text) }); runContract({ ..., onProgress:
 *   printer.onProgress }); printer.stop()
 */
export function progressPrinter({
  line,
  live,
  heartbeatMs = 15_000,
  columns = 100,
  now = () => performance.now(),
}: ProgressPrinterOptions): ProgressPrinter {
  const started = now()
  let last = started
  let done = 0
  let total = 0
  let failed = 0
  const show = (text: string) => (live ? live(text.slice(0, Math.max(20, columns - 1))) : line(text))
  const timer = setInterval(
    () => {
      const quiet = now() - last
      if (quiet < heartbeatMs && !live) return
      const waiting = `${seconds(now() - started)}: ${done} of ${total || '?'} test cases done`
      show(`  … ${waiting}, still running (the last finished ${seconds(quiet)} ago)`)
    },
    live ? 1000 : heartbeatMs,
  )
  timer.unref?.()
  return {
    onProgress({ result, done: finished, total: all }) {
      last = now()
      done = finished
      total = all
      if (result.outcome === 'failed' || result.outcome === 'error') failed++
      const width = String(all).length
      const counter = `[${String(finished).padStart(width, ' ')}/${all}]`
      if (live) {
        const failures = failed > 0 ? `, ${failed} failing` : ''
        show(`${counter} ${seconds(last - started)}${failures}: ${marks[result.outcome]} ${result.check}`)
        return
      }
      line(`${counter} ${marks[result.outcome]} ${result.check}: ${result.title} (${seconds(result.durationMs)})`)
    },
    stop() {
      clearInterval(timer)
      live?.('')
    },
  }
}

/** Why a server is asked to stop: a signal, or the end of the process that started it. */
export type StopReason = 'SIGINT' | 'SIGTERM' | 'parent exited'

/** How often the parent is looked for: a port held at most this long after its starter is gone. */
const parentPollMs = 250

/**
 * Calls `stop` once: on SIGINT, on SIGTERM, or when the process that started this one is gone. npx runs a
 * bin through a shell that a signal kills without passing it on, and `kill -9` leaves npm no chance to pass
 * anything on: either way the server is orphaned (its parent pid changes), and stops rather than hold its port.
 * Returns a function that stops listening.
 * @example onStopRequest((reason) => void server.close().then(() => process.exit(0)))
 */
export function onStopRequest(stop: (reason: StopReason) => void): () => void {
  const parent = process.ppid
  let stopped = false
  const once = (reason: StopReason): void => {
    if (stopped) return
    stopped = true
    dispose()
    stop(reason)
  }
  const onInterrupt = (): void => once('SIGINT')
  const onTerminate = (): void => once('SIGTERM')
  process.once('SIGINT', onInterrupt)
  process.once('SIGTERM', onTerminate)
  // process.ppid is read afresh each time: an orphan's parent becomes init (or the nearest subreaper).
  const watch = setInterval(() => {
    if (process.ppid === parent) return
    // Nothing may read the output any more: a failed write (EPIPE) must not end the process before `stop` has run.
    process.stdout.on('error', () => {})
    process.stderr.on('error', () => {})
    once('parent exited')
  }, parentPollMs)
  watch.unref()
  function dispose(): void {
    clearInterval(watch)
    process.removeListener('SIGINT', onInterrupt)
    process.removeListener('SIGTERM', onTerminate)
  }
  return dispose
}

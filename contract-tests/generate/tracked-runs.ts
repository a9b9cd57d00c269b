/**
 * An async function whose calls can be waited for. fast-check's time limit (`interruptAfterTimeLimit`) returns
 * without waiting for the property run in progress, whose requests would then reach the target after the check
 * ended: an exploring check awaits `settled()` before it reports.
 * @example
 * const tracked = trackedRuns(judge)
 * await fc.check(fc.asyncProperty(arbitrary, tracked.run), options)
 * await tracked.settled()
 */
export function trackedRuns<A extends Array<unknown>, R>(
  run: (...args: A) => Promise<R>,
): { run: (...args: A) => Promise<R>; settled: () => Promise<void> } {
  const running = new Set<Promise<R>>()
  return {
    run: (...args) => {
      const call = run(...args)
      running.add(call)
      const forget = () => running.delete(call)
      call.then(forget, forget)
      return call
    },
    settled: async () => {
      while (running.size > 0) await Promise.allSettled([...running])
    },
  }
}

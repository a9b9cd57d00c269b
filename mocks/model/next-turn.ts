/**
 * Resolves on a later turn of the event loop, after the I/O waiting now: what a long operation awaits
 * between slices, so the server goes on answering others (and a signal) meanwhile. `setImmediate` where
 * there is one (node); a zero timeout in a browser.
 * @example for (const slice of slices) { work(slice); await nextTurn() }
 */
export function nextTurn(): Promise<void> {
  return new Promise((resolve) => {
    if (typeof setImmediate === 'function') setImmediate(resolve)
    else setTimeout(resolve, 0)
  })
}

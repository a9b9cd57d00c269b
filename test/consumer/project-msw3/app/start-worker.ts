// msw 3: the unhandled-request strategy is `onUnhandledFrame` (msw 2 calls it `onUnhandledRequest`).
import type { SetupWorker } from 'msw/browser'

export function startWorker(worker: SetupWorker): Promise<unknown> {
  return worker.start({ serviceWorker: { url: '/mockServiceWorker.js' }, onUnhandledFrame: 'error', quiet: true })
}

// msw 2: the unhandled-request strategy is `onUnhandledRequest` (msw 3 calls it `onUnhandledFrame`).
import type { SetupWorker } from 'msw/browser'

export function startWorker(worker: SetupWorker): Promise<unknown> {
  return worker.start({ serviceWorker: { url: '/mockServiceWorker.js' }, onUnhandledRequest: 'error', quiet: true })
}

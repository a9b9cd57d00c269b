import { setupPetStoreWorker } from '../../mocks/browser/setup-pet-store-worker.ts'

/**
 * Starts the copy's mock in the page's service worker, as a frontend does: what a proof's page asks first.
 * @example await startPageWorker(); await fetch('/v1/pets')
 */
export async function startPageWorker(): Promise<void> {
  const mock = await setupPetStoreWorker()
  await mock.worker.start({
    serviceWorker: { url: '/mockServiceWorker.js' },
    onUnhandledRequest: 'bypass',
    quiet: true,
  })
}

// msw 3: the unhandled-request strategy is `onUnhandledFrame` (msw 2 calls it `onUnhandledRequest`).
import { setupPetStoreWorker } from 'petstore-contract/browser'

export async function startMock(): Promise<void> {
  const { worker } = await setupPetStoreWorker({ seed: 1, persist: true, panel: true })
  await worker.start({ onUnhandledFrame: 'bypass' })
}

// msw 2: the unhandled-request strategy is `onUnhandledRequest` (msw 3 calls it `onUnhandledFrame`).
import { setupPetStoreWorker } from 'petstore-contract/browser'

export async function startMock(): Promise<void> {
  const { worker } = await setupPetStoreWorker({ seed: 1, persist: true, panel: true })
  await worker.start({ onUnhandledRequest: 'bypass' })
}

// The worker example of docs/browser.md as it is without persistence, as a page of the Chromium proof.
import { setupPetStoreWorker } from '../../../mocks/browser/index.ts'

const mock = await setupPetStoreWorker({ seed: 1 })
await mock.worker.start({ onUnhandledRequest: 'bypass' })

Object.assign(window, { petStoreMock: mock })
document.body.dataset.mock = 'ready'

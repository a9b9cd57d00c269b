// The worker example of docs/browser.md with persistence on, as a page of the Chromium proof (persistence.test.ts).
import { setupPetStoreWorker } from '../../../mocks/browser/index.ts'

const mock = await setupPetStoreWorker({ seed: 1, persist: true })
await mock.worker.start({ onUnhandledRequest: 'bypass' }) // msw 3: { onUnhandledFrame: 'bypass' }

Object.assign(window, { petStoreMock: mock })
document.body.dataset.mock = 'ready'

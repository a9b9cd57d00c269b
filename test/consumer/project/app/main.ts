// A browser app bundled by this project's own esbuild: every /v1 and /messages request is answered by msw's
// service worker (public/mockServiceWorker.js, written by `npx msw init public --save`); any other request
// fails, as the worker's unhandled-request strategy is 'error' (./start-worker.ts, the one line msw 2 and 3 differ).
import { setupPetStoreWorker } from 'petstore-contract/browser'
import { startWorker } from './start-worker.ts'

const { worker } = await setupPetStoreWorker({ seed: 3 })
await startWorker(worker)

const auth = { authorization: 'Bearer petstore-dev-key' }
const list = await fetch('/v1/pets?limit=5', { headers: auth })
const created = await fetch('/v1/pets', {
  method: 'POST',
  headers: { ...auth, 'content-type': 'application/json' },
  body: JSON.stringify({ name: 'Rex', categoryId: 1, status: 'available' }),
})
const anonymous = await fetch('/v1/pets')
// The page's own server would answer this path (404): under the 'error' strategy it must never be asked.
const unmocked = await fetch('/health').then(
  (response) => `answered ${response.status}`,
  () => 'failed',
)
const result = {
  list: { status: list.status, count: ((await list.json()) as Array<unknown>).length },
  created: { status: created.status, body: await created.json() },
  anonymous: { status: anonymous.status },
  unmocked,
}
const output = document.querySelector('#result')
if (output) output.textContent = JSON.stringify(result)

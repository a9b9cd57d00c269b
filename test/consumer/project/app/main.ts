// A browser app bundled by this project's own esbuild: every /v1 and /messages request is answered by msw's
// service worker (public/mockServiceWorker.js, written by `npx msw init public --save`).
import { setupPetStoreWorker } from 'petstore-contract/browser'

const { worker } = await setupPetStoreWorker({ seed: 3 })
await worker.start({ serviceWorker: { url: '/mockServiceWorker.js' }, onUnhandledRequest: 'bypass', quiet: true })

const auth = { authorization: 'Bearer petstore-dev-key' }
const list = await fetch('/v1/pets?limit=5', { headers: auth })
const created = await fetch('/v1/pets', {
  method: 'POST',
  headers: { ...auth, 'content-type': 'application/json' },
  body: JSON.stringify({ name: 'Rex', categoryId: 1, status: 'available' }),
})
const anonymous = await fetch('/v1/pets')
const result = {
  list: { status: list.status, count: ((await list.json()) as Array<unknown>).length },
  created: { status: created.status, body: await created.json() },
  anonymous: { status: anonymous.status },
}
const output = document.querySelector('#result')
if (output) output.textContent = JSON.stringify(result)

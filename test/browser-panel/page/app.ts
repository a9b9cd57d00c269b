// A small app over the browser mock with its dev panel, as a page of the Chromium proof (panel.test.ts). The query
// chooses the setup: `?panel`, `?panel&persist`, or neither (the panel left out).
import { setupPetStoreWorker } from '../../../mocks/browser/index.ts'

const asked = new URLSearchParams(location.search)
const globalsBefore = Object.getOwnPropertyNames(window)
const mock = await setupPetStoreWorker({ seed: 1, persist: asked.has('persist'), panel: asked.has('panel') })
await mock.worker.start({ onUnhandledRequest: 'bypass', quiet: true })
const added = Object.getOwnPropertyNames(window).filter((name) => !globalsBefore.includes(name))

// The app: a button that loads the pets, and the error the API answers, as an app shows them.
const list = document.createElement('ul')
const alert = document.createElement('p')
alert.setAttribute('role', 'alert')
const load = document.createElement('button')
load.textContent = 'Load pets'
load.addEventListener('click', async () => {
  const response = await fetch('/v1/pets?limit=3', { headers: { authorization: 'Bearer petstore-dev-key' } })
  const body = await response.json()
  alert.textContent = response.ok ? '' : `Failed to load the pets: ${response.status} ${body.message}`
  list.replaceChildren(
    ...(response.ok ? (body as Array<{ name: string }>) : []).map((pet) => {
      const item = document.createElement('li')
      item.textContent = pet.name
      return item
    }),
  )
})
document.body.append(load, alert, list)
document.body.dataset.globalsAdded = JSON.stringify(added)
document.body.dataset.mock = 'ready'

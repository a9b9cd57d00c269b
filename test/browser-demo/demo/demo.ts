/**
 * The demo page's script: starts the mock's service worker, then wires plain DOM controls to
 * `fetch` calls against `/v1/pets` and shows each answer in the `result` section.
 * Bundled and served by `serve-demo.ts` (`npm run demo`).
 */

import { type PetStoreWorker, setupPetStoreWorker } from '../../../mocks/browser/setup-pet-store-worker.ts'
import { developmentApiKey } from '../../../mocks/core/create-pet-store-core.ts'
import { petStatuses } from '../../../spec/schemas.ts'

const workerStatus = byId('worker-status')
const apiKey = byId<HTMLInputElement>('api-key')
const listLimit = byId<HTMLInputElement>('list-limit')
const createName = byId<HTMLInputElement>('create-name')
const createCategoryId = byId<HTMLInputElement>('create-category-id')
const createStatus = byId<HTMLSelectElement>('create-status')
const getId = byId<HTMLInputElement>('get-id')
const result = byId('result')
const resultRequest = byId('result-request')
const resultStatus = byId('result-status')
const resultContentType = byId('result-content-type')
const resultBody = byId('result-body')
const buttons = [...document.querySelectorAll<HTMLButtonElement>('button')]

apiKey.value = developmentApiKey
for (const status of petStatuses) createStatus.add(new Option(status, status))

byId('list-pets').addEventListener(
  'click',
  () => void send('GET', `/v1/pets?limit=${encodeURIComponent(listLimit.value)}`),
)
byId('list-pets-no-key').addEventListener(
  'click',
  () => void send('GET', `/v1/pets?limit=${encodeURIComponent(listLimit.value)}`, { withKey: false }),
)
byId('create-pet-form').addEventListener('submit', (event) => {
  event.preventDefault()
  const pet: Record<string, unknown> = { name: createName.value, categoryId: toInteger(createCategoryId.value) }
  if (createStatus.value !== '') pet.status = createStatus.value
  void send('POST', '/v1/pets', { body: pet }).then((answer) => {
    // Ready for the obvious next step: fetching the pet just created.
    if (answer?.status === 201 && isRecord(answer.json) && typeof answer.json.id === 'number')
      getId.value = String(answer.json.id)
  })
})
byId('get-pet-form').addEventListener('submit', (event) => {
  event.preventDefault()
  void send('GET', `/v1/pets/${encodeURIComponent(getId.value.trim())}`)
})

await startWorker()

async function startWorker(): Promise<void> {
  try {
    const mock = await setupPetStoreWorker()
    await mock.worker.start({
      serviceWorker: { url: '/mockServiceWorker.js' },
      onUnhandledRequest: 'bypass',
      quiet: true,
    })
    // The mock's controls (rules, journal, sessions), for the browser console and the browser test.
    ;(window as unknown as { petStoreMock: PetStoreWorker }).petStoreMock = mock
  } catch (error) {
    showWorkerState(
      'failed',
      `Failed to start the mock service worker: ${error instanceof Error ? error.message : String(error)}`,
    )
    return
  }
  for (const button of buttons) button.disabled = false
  // Without service workers (an origin that is not secure), MSW quietly patches fetch in the page instead.
  if (!('serviceWorker' in navigator)) {
    showWorkerState(
      'fallback',
      'Service workers are unavailable on this origin: MSW answers from a patched fetch in the page instead.',
    )
  } else if (await isControlled()) {
    showWorkerState(
      'active',
      `Mock service worker active: it answers this page's requests to /v1 ` +
        `(${navigator.serviceWorker.controller?.scriptURL}).`,
    )
  } else {
    // A hard reload (Shift+Reload) opens the page outside every service worker, so no request reaches the mock.
    showWorkerState(
      'uncontrolled',
      'The mock service worker is registered but does not control this page (after a hard reload?): reload the page ' +
        'normally.',
    )
  }
}

interface Answer {
  status: number
  json: unknown
}

/** Sends one request and shows its answer; resolves with it, or undefined when it failed or a later one replaced it. */
async function send(
  method: string,
  path: string,
  { withKey = true, body }: { withKey?: boolean; body?: unknown } = {},
): Promise<Answer | undefined> {
  const sequence = Number(result.dataset.sequence) + 1
  result.dataset.sequence = String(sequence)
  result.dataset.state = 'pending'
  const keyNote = withKey && apiKey.value.trim() !== '' ? '' : ' (no Authorization header)'
  resultRequest.textContent = `${method} ${path}${keyNote}`
  resultStatus.textContent = '…'
  resultContentType.textContent = ''
  resultBody.textContent = ''

  const headers = new Headers()
  if (withKey && apiKey.value.trim() !== '') headers.set('authorization', `Bearer ${apiKey.value.trim()}`)
  if (body !== undefined) headers.set('content-type', 'application/json')
  try {
    const response = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) })
    const text = await response.text()
    if (result.dataset.sequence !== String(sequence)) return undefined
    const json = parseJson(text)
    resultStatus.textContent = String(response.status)
    resultContentType.textContent = response.headers.get('content-type') ?? ''
    resultBody.textContent = json === undefined ? text : JSON.stringify(json, null, 2)
    result.dataset.state = 'done'
    return { status: response.status, json }
  } catch (error) {
    if (result.dataset.sequence !== String(sequence)) return undefined
    resultStatus.textContent = 'network error'
    resultBody.textContent = error instanceof Error ? error.message : String(error)
    result.dataset.state = 'failed'
    return undefined
  }
}

async function isControlled(): Promise<boolean> {
  if (navigator.serviceWorker.controller) return true
  // `clients.claim()` has run once the worker is active, but the page may learn of it a task later.
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(navigator.serviceWorker.controller !== null), 2_000)
    navigator.serviceWorker.addEventListener(
      'controllerchange',
      () => {
        clearTimeout(timer)
        resolve(true)
      },
      { once: true },
    )
  })
}

function showWorkerState(state: string, message: string): void {
  workerStatus.dataset.state = state
  workerStatus.textContent = message
}

/** An integer as a number; anything else as typed, so that the mock's validation answers it. */
function toInteger(value: string): number | string {
  return /^-?[0-9]+$/.test(value.trim()) ? Number(value) : value
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null
}

function byId<T extends HTMLElement = HTMLElement>(id: string): T {
  const element = document.getElementById(id)
  if (!element) throw new Error(`Failed to start the demo: expected an element with id "${id}" in index.html.`)
  return element as T
}

import { expect, it } from 'vitest'
import { createPetStoreMock } from '../create-pet-store-mock.ts'
import { InvalidPetsError } from '../model/parse-pets.ts'
import { openBrowserState, type StorageLike } from './browser-state.ts'

const auth = { authorization: 'Bearer petstore-dev-key' }

/** `localStorage` as far as the mock uses it; `full` makes every write throw as a full one does. */
function memoryStorage(entries: Record<string, string> = {}) {
  const items = new Map(Object.entries(entries))
  const storage: StorageLike & { items: Map<string, string>; full: boolean } = {
    items,
    full: false,
    getItem: (key) => items.get(key) ?? null,
    setItem(key, value) {
      if (storage.full) throw Object.assign(new Error('The quota has been exceeded.'), { name: 'QuotaExceededError' })
      items.set(key, value)
    },
    removeItem: (key) => void items.delete(key),
  }
  return storage
}

/** A page's mock with persistence on, as `setupPetStoreWorker({ persist: { storage } })` builds it. */
async function pageMock(storage: StorageLike) {
  const kept = openBrowserState({ storage })
  return createPetStoreMock({ seed: 1, pets: 3, initialPets: kept.loaded, commit: kept.commit })
}

it('keeps what the page created for the next page of the origin, int64 values to the digit', async () => {
  const storage = memoryStorage()
  const first = await pageMock(storage)
  expect(storage.items.size).toBe(0)
  const created = await first.fetch('http://app.test/v1/pets', {
    method: 'POST',
    headers: { ...auth, 'content-type': 'application/json' },
    body: '{"name":"Kept","categoryId":9223372036854775807,"status":"sold"}',
  })
  expect(created.status).toBe(201)
  expect(storage.items.get('petstore-contract:pets')).toContain('"categoryId":9223372036854775807')

  const reloaded = await pageMock(storage)
  const kept = await reloaded.fetch('http://app.test/v1/pets/4', { headers: auth })
  expect(await kept.text()).toBe('{"id":4,"name":"Kept","categoryId":9223372036854775807,"status":"sold"}')
  // The next id follows the largest kept one.
  await reloaded.model.createPet({ name: 'Next', categoryId: 1 })
  expect(reloaded.model.findPet(5)).toMatchObject({ name: 'Next' })
})

it('keeps the largest id the mock holds and the smallest int64 categoryId exactly', async () => {
  const storage = memoryStorage()
  const first = await pageMock(storage)
  const max = Number.MAX_SAFE_INTEGER
  await first.state.replace({ pets: [{ id: max, name: 'Edge', categoryId: -(2n ** 63n) }] })
  const reloaded = await pageMock(storage)
  const kept = await reloaded.fetch(`http://app.test/v1/pets/${max}`, { headers: auth })
  expect(await kept.text()).toBe(`{"id":${max},"name":"Edge","categoryId":-9223372036854775808}`)
})

it('answers 503 storage_unavailable when the storage is full, keeping the pet in memory', async () => {
  const storage = memoryStorage()
  const mock = await pageMock(storage)
  storage.full = true
  const created = await mock.fetch('http://app.test/v1/pets', {
    method: 'POST',
    headers: { ...auth, 'content-type': 'application/json' },
    body: '{"name":"Lost on reload","categoryId":1}',
  })
  expect(created.status).toBe(503)
  expect(await created.json()).toMatchObject({
    code: 'storage_unavailable',
    message: expect.stringContaining('QuotaExceededError'),
  })
  expect(mock.model.findPet(4)).toMatchObject({ name: 'Lost on reload' })
})

it('refuses to start from a stored state that is not valid, naming the key and how to remove it', async () => {
  for (const [text, reason] of [
    ['{"pets": [', 'expected JSON {"pets": [...]}'],
    ['[]', 'expected {"pets": [...]}'],
    ['{"pets": [{"id": 1, "name": "No category"}]}', 'pet 0 (id 1) is not a valid Pet'],
  ]) {
    const storage = memoryStorage({ 'petstore-contract:pets': text as string })
    expect(() => openBrowserState({ storage })).toThrow(InvalidPetsError)
    expect(() => openBrowserState({ storage })).toThrow(reason)
    expect(() => openBrowserState({ storage })).toThrow(`localStorage.removeItem("petstore-contract:pets")`)
    expect(storage.items.get('petstore-contract:pets')).toBe(text)
  }
})

it('forgets what it kept on clear(), and keeps under the key it is given', async () => {
  const storage = memoryStorage()
  const kept = openBrowserState({ storage, key: 'my-app:pets' })
  const mock = await createPetStoreMock({ pets: 3, commit: kept.commit })
  await mock.model.createPet({ name: 'Rex', categoryId: 1 })
  expect([...storage.items.keys()]).toEqual(['my-app:pets'])
  kept.clear()
  expect(storage.items.size).toBe(0)
})

it('tells the dev panel where it keeps the pets and how much is stored, nothing once cleared', async () => {
  const storage = memoryStorage()
  const kept = openBrowserState({ storage })
  expect(kept.where).toBe('the given storage "petstore-contract:pets"')
  expect(kept.storedLength()).toBeUndefined()
  const mock = await createPetStoreMock({ pets: 3, commit: kept.commit })
  await mock.model.createPet({ name: 'Rex', categoryId: 1 })
  expect(kept.storedLength()).toBe(storage.items.get('petstore-contract:pets')?.length)
  expect(kept.storedLength()).toBeGreaterThan(0)
  kept.clear()
  expect(kept.storedLength()).toBeUndefined()
})

it('says what to do where the page may not use its storage', () => {
  // What a sandboxed frame or a browser with storage turned off does: reading localStorage throws.
  Object.defineProperty(globalThis, 'localStorage', {
    configurable: true,
    get() {
      throw Object.assign(new Error('Access is denied for this document.'), { name: 'SecurityError' })
    },
  })
  try {
    expect(() => openBrowserState({})).toThrow(
      "Failed to keep the mock's pets: expected the page's localStorage, got none",
    )
  } finally {
    Reflect.deleteProperty(globalThis, 'localStorage')
  }
})

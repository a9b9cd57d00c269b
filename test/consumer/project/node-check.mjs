// Plain node, no TypeScript runner: the package's `.` and `./msw` entries served through this project's own msw.
import { readFile } from 'node:fs/promises'
import { setupServer } from 'msw/node'
import { createPetStoreMock } from 'petstore-contract'
import { createPetStoreHandlers } from 'petstore-contract/msw'

const api = 'https://api.example.com/v1'
const auth = { authorization: 'Bearer petstore-dev-key' }
const mock = await createPetStoreMock({ baseUrl: api })
const server = setupServer(...mock.handlers)
server.listen({ onUnhandledRequest: 'error' })
const list = await fetch(`${api}/pets?limit=3`, { headers: auth })
const created = await fetch(`${api}/pets`, {
  method: 'POST',
  headers: { ...auth, 'content-type': 'application/json' },
  body: JSON.stringify({ name: 'Rex', categoryId: 1, status: 'available' }),
})
const anonymous = await fetch(`${api}/pets`)
server.close()

const petStore = await createPetStoreHandlers({ baseUrl: 'https://other.example.com/v1' })
const other = setupServer(...petStore.handlers)
other.listen({ onUnhandledRequest: 'error' })
const fromHandlers = await fetch('https://other.example.com/v1/pets/1', { headers: auth })
other.close()

const spec = await readFile(new URL(import.meta.resolve('petstore-contract/openapi.yaml')), 'utf8')

console.log(
  JSON.stringify({
    specVersion: /^openapi: (\S+)/m.exec(spec)?.[1],
    list: { status: list.status, count: (await list.json()).length },
    created: { status: created.status, body: await created.json() },
    anonymous: { status: anonymous.status, body: await anonymous.json() },
    fromHandlers: { status: fromHandlers.status, body: await fromHandlers.json() },
  }),
)

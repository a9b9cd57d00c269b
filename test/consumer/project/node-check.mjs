// Plain node, no TypeScript runner and no vitest (./no-vitest.mjs refuses to load it): the package's `.`, `./msw`
// and `./contract` entries with this project's own msw, whose unhandled-request strategy is 'error'
// (./strict-listen.mjs, the one line msw 2 and msw 3 differ in).
import { readFile } from 'node:fs/promises'
import { createServer } from 'node:http'
import { setupServer } from 'msw/node'
import { createPetStoreMock } from 'petstore-contract'
import { runContract } from 'petstore-contract/contract'
import { createPetStoreHandlers } from 'petstore-contract/msw'
import { strictListen } from './strict-listen.mjs'

// Stands for the real network on 127.0.0.1: a request that slipped past the mock would reach it.
const network = createServer((_request, response) => {
  reachedNetwork += 1
  response.end('the network')
})
let reachedNetwork = 0
await new Promise((resolve) => network.listen(0, '127.0.0.1', resolve))
const unmockedOrigin = `http://127.0.0.1:${network.address().port}`
const settle = (request) =>
  request.then(
    (response) => `answered ${response.status}`,
    () => 'failed',
  )

const api = 'https://api.example.com/v1'
const auth = { authorization: 'Bearer petstore-dev-key' }
const mock = await createPetStoreMock({ baseUrl: api })
const server = setupServer(...mock.handlers)
server.listen(strictListen)
const list = await fetch(`${api}/pets?limit=3`, { headers: auth })
const created = await fetch(`${api}/pets`, {
  method: 'POST',
  headers: { ...auth, 'content-type': 'application/json' },
  body: JSON.stringify({ name: 'Rex', categoryId: 1, status: 'available' }),
})
const anonymous = await fetch(`${api}/pets`)
// The pets path of an origin nobody mocked, and one with no path the mock knows.
const unmocked = [
  await settle(fetch(`${unmockedOrigin}/v1/pets`, { headers: auth })),
  await settle(fetch(unmockedOrigin)),
]
server.close()

const petStore = await createPetStoreHandlers({ baseUrl: 'https://other.example.com/v1' })
const other = setupServer(...petStore.handlers)
other.listen(strictListen)
const fromHandlers = await fetch('https://other.example.com/v1/pets/1', { headers: auth })
other.close()
network.close()

const contract = await runContract({
  targetName: 'in-process',
  baseUrl: 'http://petstore.mock/v1',
  messagesBaseUrl: 'http://petstore.mock',
  apiKey: 'petstore-dev-key',
  fetch: (await createPetStoreMock()).fetch,
  only: ['listPets'],
})

const spec = await readFile(new URL(import.meta.resolve('petstore-contract/openapi.yaml')), 'utf8')

console.log(
  JSON.stringify({
    specVersion: /^openapi: (\S+)/m.exec(spec)?.[1],
    list: { status: list.status, count: (await list.json()).length },
    created: { status: created.status, body: await created.json() },
    anonymous: { status: anonymous.status, body: await anonymous.json() },
    unmocked,
    reachedNetwork,
    fromHandlers: { status: fromHandlers.status, body: await fromHandlers.json() },
    contract: { exitCode: contract.exitCode, scenarios: contract.scenarios.length },
  }),
)

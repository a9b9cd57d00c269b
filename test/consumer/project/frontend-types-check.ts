// A frontend project's tsc: DOM types only, no @types/node (strict, otherwise default: no skipLibCheck). The entry
// points a browser app or a Playwright fixture file imports must not need Node's types (no Buffer in them).
import { http } from 'msw'
import createClient from 'openapi-fetch'
import { createPetStoreMock, type Pet } from 'petstore-contract'
import { setupPetStoreWorker } from 'petstore-contract/browser'
import { createPetStoreHandlers } from 'petstore-contract/msw'
import { type paths, withExactInt64 } from 'petstore-contract/openapi-fetch'
import { definePetStoreNetwork, type PlaywrightContextLike, petStoreFixture } from 'petstore-contract/playwright'

declare const context: PlaywrightContextLike
const network = await definePetStoreNetwork({ context, seed: 1 })
network.use(http.get('*/v1/pets', () => new Response('[]')))
const pets: Array<Pet> = await (await (await createPetStoreMock()).fetch('http://app.test/v1/pets')).json()
const client = withExactInt64(createClient<paths>({ baseUrl: '/v1' }))
export const parts = [network, pets, petStoreFixture(), setupPetStoreWorker, createPetStoreHandlers, client]

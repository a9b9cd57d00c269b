// docs/openapi-tools.md's typed client: openapi-fetch with the package's `paths` and `withExactInt64`, against the
// mock's handlers in this process. It creates 2^63-1 and reads it back (by id, in the list), then shows what the
// plain client makes of the same value. The project's tsc checks it (tsconfig.json); esbuild strips its types.
import { setupServer } from 'msw/node'
import createClient from 'openapi-fetch'
import { createPetStoreMock } from 'petstore-contract'
import { type paths, withExactInt64 } from 'petstore-contract/openapi-fetch'

const api = 'https://api.example.com/v1'
const server = setupServer(...(await createPetStoreMock({ baseUrl: api })).handlers)
server.listen()

// After server.listen(): openapi-fetch keeps the fetch it finds when the client is made.
const client = createClient<paths>({ baseUrl: api, headers: { Authorization: 'Bearer petstore-dev-key' } })
const pets = withExactInt64(client)
const created = await pets.POST('/pets', { body: { name: 'Rex', categoryId: 9223372036854775807n } })
const read = await pets.GET('/pets/{petId}', { params: { path: { petId: created.data!.id } } })
// read.data.categoryId is 9223372036854775807n; an int64 within 2^53 stays a number.

// The types say so: `number` alone would neither take the bigint above nor stand for what comes back.
export const exactTypes: bigint extends NonNullable<typeof read.data>['categoryId'] ? true : never = true
const listed = await pets.GET('/pets', { params: { query: { limit: 100 } } })
const inList = listed.data?.find((pet) => pet.id === created.data?.id)
// The same value through the plain client: sent as a number (JSON.stringify throws on a bigint), read back.
const plainSent = await client.POST('/pets', { body: { name: 'Rex', categoryId: Number(9223372036854775807n) } })
const plainRead = await client.GET('/pets/{petId}', { params: { path: { petId: created.data!.id } } })
server.close()

const shown = (value: unknown): string => `${typeof value} ${String(value)}`
console.log(
  JSON.stringify({
    created: { status: created.response.status, categoryId: shown(created.data?.categoryId) },
    read: { status: read.response.status, categoryId: shown(read.data?.categoryId), id: shown(read.data?.id) },
    listed: { status: listed.response.status, categoryId: shown(inList?.categoryId) },
    plain: { sent: plainSent.response.status, read: shown(plainRead.data?.categoryId) },
  }),
)

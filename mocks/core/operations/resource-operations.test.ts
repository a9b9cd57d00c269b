import { expect, it } from 'vitest'
import { operations } from '../../../spec/operations.ts'
import { listLimit } from '../../../spec/resources.ts'
import { createPetStoreModel } from '../../model/create-pet-store-model.ts'
import type { MockResponse } from '../mock-response.ts'
import type { OperationRequest } from '../operation-request.ts'
import { createResource } from './create-resource.ts'
import { listResources } from './list-resources.ts'
import { readResource } from './read-resource.ts'

// The generic operations serve any kind of resource from its row of spec/resources.ts. The spec's one kind is the
// pets (served by their own handlers from their table): here the generic ones serve the pets' routes from a generic
// collection, as they serve a new kind's.

function request(search = '', params: Record<string, string> = {}, json?: unknown): OperationRequest {
  const bytes = new TextEncoder().encode(json === undefined ? '' : JSON.stringify(json))
  return {
    params,
    query: new URLSearchParams(search),
    search,
    header: (name) => (name.toLowerCase() === 'content-type' ? 'application/json' : undefined),
    readBody: async () => ({ kind: 'bytes', bytes }),
  }
}

const body = (response: MockResponse) => JSON.parse(String(response.body))
const refusal = (call: () => unknown) => {
  try {
    call()
  } catch (error) {
    return error
  }
  return undefined
}

it('creates with the status and id the spec gives, then reads and lists what it created', async () => {
  const model = await createPetStoreModel()
  const created = await createResource({
    request: request('', {}, { name: 'Rex', categoryId: 3 }),
    model,
    route: operations.createPet,
  })
  expect(created.status).toBe(201)
  expect(body(created)).toEqual({ id: 1, name: 'Rex', categoryId: 3 })
  const read = await readResource({ request: request('', { petId: '1' }), model, route: operations.getPet })
  expect(body(read)).toEqual({ id: 1, name: 'Rex', categoryId: 3 })
  const listed = await listResources({ request: request(), model, route: operations.listPets })
  expect(body(listed)).toEqual([{ id: 1, name: 'Rex', categoryId: 3 }])
})

it('keeps the limit rule and the filters of the list, from the spec', async () => {
  const model = await createPetStoreModel()
  for (let index = 0; index < listLimit('listPets').default + 2; index++)
    await createResource({
      request: request('', {}, { name: `pet-${index}`, categoryId: 1, status: index % 2 ? 'sold' : 'pending' }),
      model,
      route: operations.createPet,
    })
  const list = async (search: string) =>
    body(await listResources({ request: request(search), model, route: operations.listPets }))
  expect(await list('')).toHaveLength(listLimit('listPets').default)
  expect(await list('limit=3&status=sold')).toEqual([
    expect.objectContaining({ id: 2, status: 'sold' }),
    expect.objectContaining({ id: 4, status: 'sold' }),
    expect.objectContaining({ id: 6, status: 'sold' }),
  ])
  const outOfBounds = `limit=${listLimit('listPets').maximum + 1}`
  expect(
    refusal(() => listResources({ request: request(outOfBounds), model, route: operations.listPets })),
  ).toMatchObject({
    status: 400,
    code: 'invalid_parameter',
  })
  expect(
    refusal(() => listResources({ request: request('status=lost'), model, route: operations.listPets })),
  ).toMatchObject({ status: 400, code: 'invalid_parameter' })
})

it('answers 404 for an id it does not hold, 400 naming the parameter for a malformed one or a bad body', async () => {
  const model = await createPetStoreModel()
  expect(
    refusal(() => readResource({ request: request('', { petId: '7' }), model, route: operations.getPet })),
  ).toMatchObject({
    status: 404,
    code: 'not_found',
  })
  expect(
    refusal(() => readResource({ request: request('', { petId: 'x' }), model, route: operations.getPet })),
  ).toMatchObject({
    status: 400,
    message: expect.stringContaining('"petId"'),
  })
  await expect(
    createResource({ request: request('', {}, { name: 'Rex' }), model, route: operations.createPet }),
  ).rejects.toMatchObject({ status: 400, code: 'invalid_body' })
})

it('goes back to its seed on a reset', async () => {
  const model = await createPetStoreModel()
  await createResource({ request: request('', {}, { name: 'Rex', categoryId: 3 }), model, route: operations.createPet })
  await model.reset()
  expect(body(await listResources({ request: request(), model, route: operations.listPets }))).toEqual([])
})

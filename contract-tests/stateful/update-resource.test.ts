import { expect, it } from 'vitest'
import type { OperationId, Pet } from '../../spec/types.ts'
import type { CallOptions, ContractCaller } from '../shared/contract-caller.ts'
import type { Exchange } from '../shared/exchange.ts'
import { ModelViolation } from './model-violation.ts'
import { ResourceKnowledge } from './resource-knowledge.ts'
import { changeFor, UpdateResource, type UpdateRole } from './update-resource.ts'

// The spec has no update today: createPet's body (NewPet, whose status is an enum) stands in for the change
// and its documented 201 for the update's success; getPet and listPets read it back as they do in a run.
const role: UpdateRole = {
  kind: 'update',
  operationId: 'createPet',
  creator: 'createPet',
  link: { operationId: 'createPet', parameter: 'petId', field: 'id', description: 'Changes one animal.' },
  replaces: false,
}
const own: Pet = { id: 7, name: 'run-7', categoryId: 1, status: 'available' }

const answer = (operationId: OperationId, status: number, json: unknown): Exchange => ({
  operationId,
  request: { method: 'GET', url: 'http://petstore.test/v1/pets', headers: {} },
  response: {
    status,
    headers: { 'content-type': 'application/json' },
    bodyText: JSON.stringify(json),
    json,
    jsonParsed: true,
    truncated: false,
    durationMs: 0,
  },
  results: [],
})

/** A store of one pet that updates as a server should, or with one defect. */
function target(defect?: 'answers the old pet' | 'stores nothing'): ContractCaller {
  const pets = new Map<string, Pet>([[String(own.id), own]])
  return {
    readOnly: false,
    keep() {},
    headOnWire: async () => undefined,
    baseUrlOf: () => 'http://petstore.test/v1',
    async call(operationId: OperationId, options: CallOptions = {}) {
      const id = String(options.params?.petId)
      const pet = pets.get(id)
      if (operationId === 'getPet') return pet ? answer(operationId, 200, pet) : answer(operationId, 404, {})
      if (operationId === 'listPets') {
        const status = new URLSearchParams(String(options.query ?? '')).get('status')
        return answer(
          operationId,
          200,
          [...pets.values()].filter((item) => !status || item.status === status),
        )
      }
      const changed = { ...pet, ...(options.json as object) } as Pet
      if (!defect) pets.set(id, changed)
      return answer(operationId, 201, defect === 'answers the old pet' ? pet : changed)
    },
  }
}

const update = async (client: ContractCaller) => {
  const knowledge = new ResourceKnowledge({ resources: {} })
  knowledge.of(role.creator).add(own)
  await new UpdateResource(role, 0, { status: 'available' }).run(knowledge, { knowledge, client, concurrency: 1 })
  return knowledge
}

it('changes a drawn value the resource already holds to another one, so that every update changes something', () => {
  expect(changeFor(role, { status: 'available' }, own)).toMatchObject({ status: 'pending' })
  expect(changeFor(role, { status: 'sold' }, own)).toMatchObject({ status: 'sold' })
})

it('passes an update that answers and stores the change, and knows the resource changed', async () => {
  const knowledge = await update(target())
  expect(knowledge.of(role.creator).get(own.id)).toMatchObject({ status: 'pending', name: own.name })
})

it('finds an update that answers the resource as it was', async () => {
  await expect(update(target('answers the old pet'))).rejects.toThrow(/answered with other fields than the change/)
  await expect(update(target('answers the old pet'))).rejects.toBeInstanceOf(ModelViolation)
})

it('finds an update that answers the change but stores nothing, in the read after it', async () => {
  await expect(update(target('stores nothing'))).rejects.toThrow(/resource 7 read back as 200/)
})

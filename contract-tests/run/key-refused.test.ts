import { expect, it } from 'vitest'
import type { OperationId } from '../../spec/types.ts'
import type { Exchange } from '../shared/exchange.ts'
import { keyRefused } from './key-refused.ts'

const answered = (operationId: OperationId, status: number, keyed = true): Exchange => ({
  operationId,
  request: {
    method: operationId === 'createPet' ? 'POST' : 'GET',
    url: `http://petstore.test/v1/pets`,
    headers: keyed ? { authorization: 'Bearer k' } : {},
  },
  response: { status, headers: {}, bodyText: '', jsonParsed: false, truncated: false, durationMs: 1 },
  results: [],
})
const noConfirm = async () => undefined

it('calls a key refused on every keyed request of two operations wrong, saying what to pass', async () => {
  const exchanges = [answered('listPets', 401), answered('createPet', 401), answered('createPet', 401)]
  expect(await keyRefused(exchanges, noConfirm)).toBe(
    "The API key was refused (401) on every keyed request: pass the deployment's key in PETSTORE_API_KEY (3 of 3 " +
      'keyed requests of the setup answered 401, on listPets and createPet; e.g. GET http://petstore.test/v1/pets).',
  )
})

it('leaves a key refused by one operation only to the checks: a defect of the deployment', async () => {
  expect(await keyRefused([answered('listPets', 200), answered('createPet', 401)], noConfirm)).toBeUndefined()
  expect(await keyRefused([answered('listPets', 401)], async () => answered('getPet', 404))).toBeUndefined()
  expect(await keyRefused([answered('listPets', 401)], noConfirm)).toBeUndefined()
})

it('asks another operation when the setup asked one, and a 401 there completes the proof', async () => {
  const asked: Array<ReadonlySet<string>> = []
  const confirm = async (operations: ReadonlySet<string>) => {
    asked.push(operations)
    return answered('getPet', 401)
  }
  expect(await keyRefused([answered('listPets', 401)], confirm)).toContain('(2 of 2 keyed requests of the setup')
  expect(asked).toEqual([new Set(['listPets'])])
})

it('counts only keyed requests that got an answer', async () => {
  const exchanges = [answered('listPets', 401), answered('createPet', 201, false), answered('createPet', 401)]
  expect(await keyRefused(exchanges, noConfirm)).toContain('(2 of 2 keyed requests')
  expect(await keyRefused([], noConfirm)).toBeUndefined()
})

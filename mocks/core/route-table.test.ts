import { expect, it } from 'vitest'
import { operationList, operations } from '../../spec/operations.ts'
import { allowedMethods, pathTable } from './route-table.ts'

it('allows every method of the operations, HEAD beside GET and OPTIONS, each once', () => {
  const deletePet = { ...operations.getPet, method: 'DELETE' }
  expect(allowedMethods([operations.listPets, operations.createPet, operations.getPet, deletePet])).toEqual([
    'GET',
    'HEAD',
    'POST',
    'DELETE',
    'OPTIONS',
  ])
})

it('allows on each path exactly what the router answers there', () => {
  for (const entry of pathTable) expect(entry.allow).toEqual(allowedMethods(entry.routes))
  expect(pathTable.flatMap((entry) => entry.routes)).toHaveLength(operationList.length)
})

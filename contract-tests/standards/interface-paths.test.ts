import { expect, it } from 'vitest'
import { operationList } from '../../spec/operations.ts'
import { interfacePaths, methodsOf } from './interface-paths.ts'

it('lists every path the interface describes, once, with its methods and HEAD wherever GET is', () => {
  // From the catalogue, not written out: a new operation on a path joins its methods.
  const described = operationList.filter((operation) => operation.described)
  const expected = [...new Set(described.map((operation) => operation.path))].map((path) => {
    const methods = described.filter((operation) => operation.path === path).map((operation) => operation.method)
    return [path, [...methods, ...(methods.includes('GET') ? ['HEAD'] : [])].sort()]
  })
  expect(interfacePaths.map((path) => [path.path, [...methodsOf(path)].sort()])).toEqual(expected)
  expect(expected.map(([path]) => path)).toEqual(['/pets', '/pets/{petId}', '/messages'])
})

it('knows which path names a created resource, and what creates it', () => {
  const [pets, pet, messages] = interfacePaths
  expect(pets?.resource).toBeUndefined()
  expect(pet?.resource).toEqual({ parameter: 'petId', field: 'id', creator: 'createPet' })
  expect(messages?.resource).toBeUndefined()
})

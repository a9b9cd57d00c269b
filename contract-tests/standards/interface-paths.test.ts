import { expect, it } from 'vitest'
import { interfacePaths, methodsOf } from './interface-paths.ts'

it('lists every path the interface describes, once, with its methods and HEAD wherever GET is', () => {
  expect(interfacePaths.map((path) => [path.path, [...methodsOf(path)]])).toEqual([
    ['/pets', ['GET', 'HEAD', 'POST']],
    ['/pets/{petId}', ['GET', 'HEAD']],
    ['/messages', ['POST']],
  ])
})

it('knows which path names a created resource, and what creates it', () => {
  const [pets, pet, messages] = interfacePaths
  expect(pets?.resource).toBeUndefined()
  expect(pet?.resource).toEqual({ parameter: 'petId', field: 'id', creator: 'createPet' })
  expect(messages?.resource).toBeUndefined()
})

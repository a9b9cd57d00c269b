import { expect, it } from 'vitest'
import { operations } from '../../spec/operations.ts'
import { type ResourceSpec, resources } from '../../spec/resources.ts'
import { interfaceSays, resourceBasis, responsesStatedBySpec, specChooses } from './citations.ts'

const pets = resources.createPet as ResourceSpec

it("cites the pets' rules in the interface's words, as the spec quotes them beside each rule", () => {
  const basis = resourceBasis(pets)
  expect(basis.created).toBe(interfaceSays.created)
  expect(basis.notFound).toBe(interfaceSays.notFound)
  expect(basis.limit).toEqual(interfaceSays.limit)
  expect(basis.read).toEqual({ source: 'interface', text: 'Returns one animal by identifier.' })
  expect(basis.invalidId).toBe(specChooses.invalidPetIdRefused)
  expect(responsesStatedBySpec(operations.listPets)).toBeUndefined()
})

it("cites a resource the interface does not describe by the spec's own sentences, saying where they stand", () => {
  // The pets' row as the spec would give it under a tag the interface does not describe.
  const owned: ResourceSpec = {
    ...pets,
    creator: 'createOwner' as ResourceSpec['creator'],
    statedBy: 'spec',
    citations: {
      ...pets.citations,
      created: 'spec/openapi.yaml POST /owners 201: "The created owner."',
      notFound: '',
      invalidBody: '',
    },
  }
  const basis = resourceBasis(owned)
  expect(basis.created).toEqual({ source: 'spec', text: 'spec/openapi.yaml POST /owners 201: "The created owner."' })
  expect(basis.invalid).toEqual(basis.created)
  expect(basis.notFound.source).toBe('spec')
  expect(basis.invalidId).toMatchObject({
    source: 'x-mock-behaviour',
    text: expect.stringContaining('a 64-bit integer'),
  })
  expect(basis.anyBodyAccepted.text).toContain('any valid NewPet')
})

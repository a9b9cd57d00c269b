import { expect, it } from 'vitest'
import { operations } from '../../spec/operations.ts'
import type { SuiteData } from '../shared/suite-data.ts'
import { validRequest } from './valid-request.ts'

const pets = {
  listed: [{ id: 5, name: 'Somebody else', categoryId: 1 }],
  created: [{ id: 9, name: 'run-0', categoryId: 1 }],
}
const data = { ...pets, resources: { createPet: pets }, runTag: 'run' } as unknown as SuiteData

it('names a pet the target lists in a safe request', () => {
  expect(operations.getPet.safe).toBe(true)
  expect(validRequest(operations.getPet, data)?.params).toEqual({ petId: 5 })
})

it('names only a pet this run created in an unsafe request, never one it merely listed', () => {
  // An unsafe operation with a pet id, as the interface's scheduled removal of getPet may bring (a delete).
  const unsafe = { ...operations.getPet, method: 'DELETE', safe: false }
  expect(validRequest(unsafe, data)?.params).toEqual({ petId: 9 })
  expect(validRequest(unsafe, { ...data, resources: { createPet: { ...pets, created: [] } } })).toBeUndefined()
})

it('names the body after the run', () => {
  expect(validRequest(operations.createPet, data)?.json).toMatchObject({ name: 'run-createPet' })
})

it("names what the operation's own resource holds, never another kind's", () => {
  // The pets' read takes a pet's id: what other kinds hold (here a kind keyed by another creator) is not looked at.
  const others = { createOther: { listed: [{ id: 77 }], created: [] }, createPet: { listed: [], created: [] } }
  expect(validRequest(operations.getPet, { ...data, resources: others })?.params).toEqual(
    operations.getPet.sample.params,
  )
})

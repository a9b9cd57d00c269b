import { expect, it } from 'vitest'
import { openapiDocument } from './openapi-document.ts'
import { newPetSchema, petSchema, petStatuses } from './schemas.ts'

it('takes the pet statuses from the spec', () => {
  expect(petStatuses).toEqual(openapiDocument.components.schemas.PetStatus.enum)
})

it('requires name and categoryId in a new pet, as the spec does', () => {
  expect(newPetSchema.safeParse({ name: 'Rex', categoryId: 1 }).success).toBe(true)
  for (const field of openapiDocument.components.schemas.NewPet.required) {
    const pet: Record<string, unknown> = { name: 'Rex', categoryId: 1 }
    delete pet[field]
    expect(newPetSchema.safeParse(pet).success, field).toBe(false)
  }
})

it('refuses a fractional or string categoryId and a status outside the enum', () => {
  expect(newPetSchema.safeParse({ name: 'Rex', categoryId: 1.5 }).success).toBe(false)
  expect(newPetSchema.safeParse({ name: 'Rex', categoryId: '1' }).success).toBe(false)
  expect(newPetSchema.safeParse({ name: 'Rex', categoryId: 1, status: 'lost' }).success).toBe(false)
})

it('requires an id on a returned pet', () => {
  expect(petSchema.safeParse({ name: 'Rex', categoryId: 1 }).success).toBe(false)
  expect(petSchema.safeParse({ id: 1, name: 'Rex', categoryId: 1 }).success).toBe(true)
})

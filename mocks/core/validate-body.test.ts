import { expect, it } from 'vitest'
import { newPetSchema } from '../../spec/schemas.ts'
import { MockError } from './mock-error.ts'
import { validateBody } from './validate-body.ts'

function messageOf(value: unknown): string {
  try {
    validateBody(newPetSchema, value)
  } catch (error) {
    if (error instanceof MockError) return error.message
    throw error
  }
  throw new Error('expected a MockError, got none')
}

it('says a missing field is required, on the int64-exact path as on the plain one', () => {
  expect(messageOf({ name: 'Rex' })).toBe('Invalid request body: "categoryId" is required.')
  expect(messageOf({ name: 'Rex', categoryId: 2n ** 63n })).toBe(
    'Invalid request body: "categoryId" Integer beyond the int64 range.',
  )
  expect(messageOf({ categoryId: 2n ** 62n })).toBe('Invalid request body: "name" is required.')
  expect(messageOf({})).toBe('Invalid request body: "name" is required; "categoryId" is required.')
})

it('names what is wrong with a field that is there', () => {
  expect(messageOf({ name: 'Rex', categoryId: '1' })).toBe(
    'Invalid request body: "categoryId" expected number, received string.',
  )
  expect(messageOf({ name: null, categoryId: 1 })).toBe('Invalid request body: "name" expected string, received null.')
  expect(messageOf([])).toBe('Invalid request body: the body must be a JSON object, received array.')
})

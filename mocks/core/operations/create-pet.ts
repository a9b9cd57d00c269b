import { newPetSchema } from '../../../spec/schemas.ts'
import { jsonResponse } from '../mock-response.ts'
import { readJsonBody } from '../read-json-body.ts'
import { storeFull } from '../store-full.ts'
import { validateBody } from '../validate-body.ts'
import type { Operation } from './operation.ts'

/** `POST /pets`: 201 with the stored pet and its new id; 507 when the store is full (`--max-pets`). */
export const createPet: Operation = async ({ request, model }) => {
  const newPet = validateBody(newPetSchema, await readJsonBody(request))
  try {
    return jsonResponse(201, await model.createPet(newPet))
  } catch (error) {
    return storeFull(error)
  }
}

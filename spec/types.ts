import type { components, operations } from './generated/openapi-types.ts'

/** Shapes of the API, generated from `spec/openapi.yaml`. */
export type Pet = components['schemas']['Pet']
export type NewPet = components['schemas']['NewPet']
export type PetStatus = components['schemas']['PetStatus']
export type ApiError = components['schemas']['Error']
export type Message = components['schemas']['Message']
export type NewMessage = components['schemas']['NewMessage']
export type OperationId = keyof operations

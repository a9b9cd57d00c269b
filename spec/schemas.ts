import * as z from 'zod'
import { int64Exact } from './int64.ts'
import { componentJsonSchema, openapiDocument } from './openapi-document.ts'
import type { ApiError, Message, NewMessage, NewPet, Pet, PetStatus } from './types.ts'

// Built from the component schemas, never retyped: a change to spec/openapi.yaml changes these. Schemas with
// int64 fields judge them exactly, to 2^63 (see int64.ts).
export const petSchema = int64Exact(z.fromJSONSchema(componentJsonSchema('Pet')) as z.ZodType<Pet>)
export const newPetSchema = int64Exact(z.fromJSONSchema(componentJsonSchema('NewPet')) as z.ZodType<NewPet>)
export const errorSchema = z.fromJSONSchema(componentJsonSchema('Error')) as z.ZodType<ApiError>
export const messageSchema = z.fromJSONSchema(componentJsonSchema('Message')) as z.ZodType<Message>
export const newMessageSchema = z.fromJSONSchema(componentJsonSchema('NewMessage')) as z.ZodType<NewMessage>

/** The allowed values of `PetStatus`, in spec order. */
export const petStatuses: ReadonlyArray<PetStatus> = openapiDocument.components.schemas.PetStatus.enum

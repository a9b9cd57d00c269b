// `petstore-contract`: the mock in one call, and the API's shapes. The other ways of use are subpaths
// (`petstore-contract/msw`, `/node`, `/browser`, `/playwright`, `/contract`), so that each loads only its own runtime.

export { developmentApiKey } from '../shared/development-api-key.ts'
export type { ApiError, Message, NewMessage, NewPet, Pet, PetStatus } from '../spec/types.ts'
export { createPetStoreMock, type PetStoreMock, type PetStoreMockOptions } from './create-pet-store-mock.ts'
export type { PetStoreModel, PetStoreModelOptions } from './model/create-pet-store-model.ts'
export type { HandlerOptions } from './msw/create-handlers.ts'

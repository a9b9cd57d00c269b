// `petstore-contract/node`: the standalone mock over node:http, started from code.
export { type PetStoreServer, type PetStoreServerOptions, startPetStoreServer } from './start-pet-store-server.ts'

// `petstore-contract/browser`: the mock in a page, answered by msw's service worker (`npx msw init <public dir>`).
export { type PetStoreWorker, setupPetStoreWorker } from './setup-pet-store-worker.ts'

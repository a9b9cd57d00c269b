// `petstore-contract/browser`: the mock in a page, answered by msw's service worker (`npx msw init <public dir>`).
export type { PersistOptions, StorageLike } from './browser-state.ts'
export type { PetStorePanel, PetStorePanelOptions } from './mount-pet-store-panel.ts'
export { type PetStoreWorker, type PetStoreWorkerOptions, setupPetStoreWorker } from './setup-pet-store-worker.ts'

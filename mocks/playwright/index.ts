// `petstore-contract/playwright`: the mock in Playwright tests, answered in the test process: through `context.route`,
// and through the page's own handlers when the app starts its worker.
export {
  definePetStoreNetwork,
  type PetStoreNetwork,
  PetStoreNetworkError,
  type PetStoreNetworkOptions,
  type PlaywrightBinding,
  type PlaywrightBody,
  type PlaywrightContextLike,
  type PlaywrightRequestLike,
  type PlaywrightResponseLike,
  type PlaywrightRouteLike,
} from './define-pet-store-network.ts'
export { type PetStoreFixture, petStoreFixture } from './pet-store-fixture.ts'

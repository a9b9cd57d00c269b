// `petstore-contract/playwright`: the mock in Playwright tests, answered through `context.route` in the test process.
export {
  definePetStoreNetwork,
  type PetStoreNetwork,
  type PetStoreNetworkOptions,
  type PlaywrightBody,
  type PlaywrightContextLike,
  type PlaywrightRequestLike,
  type PlaywrightRouteLike,
} from './define-pet-store-network.ts'
export { type PetStoreFixture, petStoreFixture } from './pet-store-fixture.ts'

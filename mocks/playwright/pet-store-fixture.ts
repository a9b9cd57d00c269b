import type { PetStoreMockOptions } from '../create-pet-store-mock.ts'
import { definePetStoreNetwork, type PetStoreNetwork, type PlaywrightContextLike } from './define-pet-store-network.ts'

/** A Playwright fixture definition, as `test.extend` takes it. */
export type PetStoreFixture = [
  (args: { context: PlaywrightContextLike }, use: (network: PetStoreNetwork) => Promise<void>) => Promise<void>,
  { auto: boolean },
]

/**
 * A Playwright fixture that gives every test the mock in its pages, with fresh state, and `use()` for
 * per-test overrides. `auto`: a test gets it without asking for it by name.
 * @example
 * import { test as base } from '@playwright/test'
 * export const test = base.extend<{ petStore: PetStoreNetwork }>({ petStore: petStoreFixture({ seed: 1 }) })
 */
export function petStoreFixture(options: PetStoreMockOptions = {}): PetStoreFixture {
  return [
    async ({ context }, use) => {
      const network = await definePetStoreNetwork({ context, ...options })
      await network.enable()
      try {
        await use(network)
      } finally {
        await network.disable()
      }
    },
    { auto: true },
  ]
}

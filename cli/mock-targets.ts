import type { MockTargets } from '../contract-tests/cli/mock-targets.ts'

/**
 * The mock for the suite's command line: `--target mock` and `--compare-with mock` create it in-process, `--target
 * local` starts the standalone server on a free loopback port. Each loads the mock's modules only when called: a
 * run against another target has no use for them.
 * @example const fetch = await mockTargets.inProcess(['petstore-dev-key'])
 */
export const mockTargets: MockTargets = {
  inProcess: async (apiKeys) => {
    const { createPetStoreMock } = await import('../mocks/create-pet-store-mock.ts')
    return (await createPetStoreMock({ apiKeys })).fetch
  },
  local: async (apiKeys) => {
    const { startPetStoreServer } = await import('../mocks/node/start-pet-store-server.ts')
    return startPetStoreServer({ apiKeys })
  },
}

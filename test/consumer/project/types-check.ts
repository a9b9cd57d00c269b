// The consumer's tsc (strict, NodeNext, otherwise default: no skipLibCheck) over every entry point's types.
import { test as base } from '@playwright/test'
import { setupServer } from 'msw/node'
import { createPetStoreMock, type NewPet, type Pet, type PetStoreMock } from 'petstore-contract'
import { type RunResult, runContract, type ScenarioResult } from 'petstore-contract/contract'
import { createPetStoreHandlers } from 'petstore-contract/msw'
import { type PetStoreServer, startPetStoreServer } from 'petstore-contract/node'
import { type PetStoreNetwork, petStoreFixture } from 'petstore-contract/playwright'
import { type ContractSuiteOptions, describeContract } from 'petstore-contract/vitest'

const mock: PetStoreMock = await createPetStoreMock({ seed: 2, baseUrl: 'https://api.example.com/v1' })
const server = setupServer(...mock.handlers, ...(await createPetStoreHandlers()).handlers)
const newPet: NewPet = { name: 'Rex', categoryId: 1, status: 'available' }
const pets: Array<Pet> = await (await mock.fetch('https://api.example.com/v1/pets')).json()
const standalone: PetStoreServer = await startPetStoreServer({ port: 0, apiKeys: ['key'] })
const result: RunResult = await runContract({
  targetName: 'standalone',
  baseUrl: standalone.baseUrl,
  messagesBaseUrl: standalone.messagesBaseUrl,
  apiKey: 'key',
})
const exitCode: 0 | 1 | 2 = result.exitCode
const firstScenario: ScenarioResult | undefined = result.scenarios[0]
const suite: ContractSuiteOptions = {
  targetName: 'staging',
  baseUrl: 'https://staging.example.com/v1',
  messagesBaseUrl: 'https://staging.example.com',
  apiKey: 'key',
  reportDir: 'reports',
  only: ['listPets'],
}
const defineSuite = (): void => describeContract(suite)
const createdIds: Array<string> | undefined = result.created?.ids
export const test = base.extend<{ petStore: PetStoreNetwork }>({ petStore: petStoreFixture({ seed: 1 }) })
export { createdIds, defineSuite, exitCode, firstScenario, newPet, pets, server }

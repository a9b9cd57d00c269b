import type { OperationId } from '../../spec/types.ts'
import type { Scenario } from '../shared/scenario.ts'
import { authScenarios } from './auth-scenarios.ts'
import { createPetScenarios, invalidBodyScenarios, mediaTypeScenarios } from './create-pet-scenarios.ts'
import { getPetScenarios } from './get-pet-scenarios.ts'
import { int64Scenarios } from './int64-scenarios.ts'
import { listPetsScenarios } from './list-pets-scenarios.ts'
import { messageScenarios } from './message-scenarios.ts'

/** Scenarios grouped for the report and for `--only`. */
export interface ScenarioGroup {
  name: string
  scenarios: ReadonlyArray<Scenario>
}

// The promises of each operation, beyond the auth matrix that covers every described operation by
// itself. Keyed by operation so that a new one in the spec fails the build here until it is taught.
const byOperation: Record<OperationId, ReadonlyArray<ScenarioGroup>> = {
  listPets: [{ name: 'listPets', scenarios: listPetsScenarios }],
  createPet: [
    { name: 'createPet', scenarios: createPetScenarios },
    { name: 'createPet: invalid bodies', scenarios: invalidBodyScenarios },
    { name: 'createPet: media types', scenarios: mediaTypeScenarios },
    { name: 'createPet: int64 values', scenarios: int64Scenarios },
  ],
  getPet: [{ name: 'getPet', scenarios: getPetScenarios }],
  // Referred to by the interface, never described: there is no promise to check.
  listStoreOrders: [],
  sendMessage: [{ name: 'sendMessage', scenarios: messageScenarios }],
}

/** Every scenario of the contract suite, in run order, grouped for the report. */
export const scenarioGroups: ReadonlyArray<ScenarioGroup> = [
  { name: 'authentication', scenarios: authScenarios },
  ...Object.values(byOperation).flat(),
]

export const scenarios: ReadonlyArray<Scenario> = scenarioGroups.flatMap((group) => group.scenarios)

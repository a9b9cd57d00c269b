import type { Scenario } from '../model/scenario.ts'
import { authScenarios } from './auth-scenarios.ts'
import { createPetScenarios, invalidBodyScenarios, mediaTypeScenarios } from './create-pet-scenarios.ts'
import { getPetScenarios } from './get-pet-scenarios.ts'
import { listPetsScenarios } from './list-pets-scenarios.ts'
import { messageScenarios } from './message-scenarios.ts'

/** Every scenario of the contract suite, in run order, grouped for the report. */
export const scenarioGroups: ReadonlyArray<{ name: string; scenarios: ReadonlyArray<Scenario> }> = [
  { name: 'authentication', scenarios: authScenarios },
  { name: 'listPets', scenarios: listPetsScenarios },
  { name: 'createPet', scenarios: createPetScenarios },
  { name: 'createPet: invalid bodies', scenarios: invalidBodyScenarios },
  { name: 'createPet: media types', scenarios: mediaTypeScenarios },
  { name: 'getPet', scenarios: getPetScenarios },
  { name: 'sendMessage', scenarios: messageScenarios },
]

export const scenarios: ReadonlyArray<Scenario> = scenarioGroups.flatMap((group) => group.scenarios)

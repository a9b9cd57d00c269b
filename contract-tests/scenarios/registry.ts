import type { OperationId } from '../../spec/types.ts'
import type { Scenario } from '../model/scenario.ts'
import { ambientCredentialScenarios } from './ambient-credential-scenarios.ts'
import { authScenarios } from './auth-scenarios.ts'
import { chunkedBodyScenarios } from './chunked-body-scenarios.ts'
import { createPetScenarios, invalidBodyScenarios, mediaTypeScenarios } from './create-pet-scenarios.ts'
import { getPetScenarios } from './get-pet-scenarios.ts'
import { headScenarios } from './head-scenarios.ts'
import { int64Scenarios } from './int64-scenarios.ts'
import { jsonSyntaxScenarios } from './json-syntax-scenarios.ts'
import { listPetsScenarios } from './list-pets-scenarios.ts'
import { messageScenarios } from './message-scenarios.ts'
import { optionsScenarios } from './options-scenarios.ts'
import { staleReadScenarios } from './stale-read-scenarios.ts'
import { stringRoundTripScenarios } from './string-round-trip-scenarios.ts'
import { unsupportedMethodScenarios } from './unsupported-method-scenarios.ts'

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

/**
 * What the standards the interface rests on let a client vary, on every operation and path the catalogue
 * holds (docs/exploration-dimensions.md): derived from the catalogue and the relations, no edit per operation.
 */
const standardGroups: ReadonlyArray<ScenarioGroup> = [
  { name: 'HTTP methods', scenarios: [...headScenarios, ...optionsScenarios, ...unsupportedMethodScenarios] },
  { name: 'conditional requests and credentials', scenarios: [...staleReadScenarios, ...ambientCredentialScenarios] },
  { name: 'framing and JSON', scenarios: [...chunkedBodyScenarios, ...jsonSyntaxScenarios] },
  { name: 'strings', scenarios: stringRoundTripScenarios },
]

/** Every scenario of the contract suite, in run order, grouped for the report. */
export const scenarioGroups: ReadonlyArray<ScenarioGroup> = [
  { name: 'authentication', scenarios: authScenarios },
  ...Object.values(byOperation).flat(),
  ...standardGroups,
]

export const scenarios: ReadonlyArray<Scenario> = scenarioGroups.flatMap((group) => group.scenarios)

import type { Scenario } from '../shared/scenario.ts'
import type { ExploreOptions } from './explore-options.ts'
import { generatedAuthScenarios } from './generated-auth-scenarios.ts'
import { generatedCreateScenarios } from './generated-create-scenarios.ts'
import { generatedListScenarios } from './generated-list-scenarios.ts'
import { generatedReadScenarios } from './generated-read-scenarios.ts'
import { generatedRequestForms } from './generated-request-forms.ts'

/**
 * The generated phase: requests derived from the spec (operations catalogue, parameters, component
 * schemas) with fast-check, each check a property over many of them, each distinct failure shrunk to the
 * smallest request and shown with a curl line. What the interface leaves open is a deviation, never a
 * failure: a typical request must succeed, an edge value the types allow may be refused cleanly.
 * @example generatedScenarios(exploreOptions({ seed: 1 }))
 */
export function generatedScenarios(options: ExploreOptions): Array<Scenario> {
  return [
    ...generatedCreateScenarios(options),
    ...generatedAuthScenarios(options),
    ...generatedListScenarios(options),
    ...generatedRequestForms(options),
    ...generatedReadScenarios(options),
  ]
}

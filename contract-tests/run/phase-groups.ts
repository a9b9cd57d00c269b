import { generatedScenarios } from '../generate/generated-scenarios.ts'
import type { ExploreOptions } from '../shared/explore-options.ts'
import type { Scenario } from '../shared/scenario.ts'
import { statefulScenarios } from '../stateful/stateful-scenarios.ts'

/**
 * The exploring phases as scenario groups, run after the named scenarios: each check a scenario whose
 * result reads like any other (assertions, one shrunk exchange with its curl line).
 * @example phaseGroups(exploreOptions({ seed: 7 }))
 */
export function phaseGroups(options: ExploreOptions): Array<{ name: string; scenarios: ReadonlyArray<Scenario> }> {
  return [
    { name: 'generated', scenarios: generatedScenarios(options) },
    { name: 'stateful', scenarios: statefulScenarios(options) },
  ]
}

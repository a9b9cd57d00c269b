import { defaultExploreOptions, type ExploreOptions } from '../generate/explore-options.ts'
import { scenarioGroups } from '../scenarios/registry.ts'
import type { Scenario } from '../shared/scenario.ts'
import { standardGroups } from '../standards/standard-groups.ts'
import { phaseGroups } from './phase-groups.ts'

/** The named scenarios' groups, the dimensions the standards let a client vary, then the exploring phases'. */
const allGroups = (explore: ExploreOptions) => [...scenarioGroups, ...standardGroups(explore), ...phaseGroups(explore)]

/** Every name `--only` accepts: scenario check names and group names. */
export const selectableNames: ReadonlyArray<string> = [
  ...new Set([
    ...allGroups(defaultExploreOptions).map((group) => group.name),
    ...allGroups(defaultExploreOptions).flatMap((group) => group.scenarios.map((scenario) => scenario.check)),
  ]),
]

/**
 * The scenario groups to run for `--only`, each keeping only the selected scenarios; the exploring
 * phases explore as `explore` says.
 * @example selectScenarios(['auth_required'])
 */
export function selectScenarios(
  only: ReadonlyArray<string>,
  explore: ExploreOptions = defaultExploreOptions,
): Array<{ name: string; scenarios: ReadonlyArray<Scenario> }> {
  if (only.length === 0) return allGroups(explore)
  return allGroups(explore)
    .map((group) => ({
      name: group.name,
      scenarios: only.includes(group.name)
        ? group.scenarios
        : group.scenarios.filter((scenario) => only.includes(scenario.check)),
    }))
    .filter((group) => group.scenarios.length > 0)
}

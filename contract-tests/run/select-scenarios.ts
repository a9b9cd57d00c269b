import type { Scenario } from '../model/scenario.ts'
import { scenarioGroups } from '../scenarios/registry.ts'

/** Every name `--only` accepts: scenario check names and group names. */
export const selectableNames: ReadonlyArray<string> = [
  ...new Set([
    ...scenarioGroups.map((group) => group.name),
    ...scenarioGroups.flatMap((group) => group.scenarios.map((scenario) => scenario.check)),
  ]),
]

/**
 * The scenario groups to run for `--only`, each keeping only the selected scenarios.
 * @example selectScenarios(['auth_required'])
 */
export function selectScenarios(
  only: ReadonlyArray<string>,
): Array<{ name: string; scenarios: ReadonlyArray<Scenario> }> {
  if (only.length === 0) return [...scenarioGroups]
  return scenarioGroups
    .map((group) => ({
      name: group.name,
      scenarios: only.includes(group.name)
        ? group.scenarios
        : group.scenarios.filter((scenario) => only.includes(scenario.check)),
    }))
    .filter((group) => group.scenarios.length > 0)
}

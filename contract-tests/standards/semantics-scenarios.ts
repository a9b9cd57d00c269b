import type { Scenario } from '../shared/scenario.ts'
import { contentCodingScenarios } from './content-coding-scenarios.ts'
import { longTargetScenarios } from './long-target-scenarios.ts'
import { wireExpectationScenarios } from './wire-expectation-scenarios.ts'

/**
 * The checks of RFC 9110 sections 10 to 17 that need a group of their own: expectations, interim answers, protocol
 * versions, connection options, stalled requests and hosts, written on the wire, targets of 8,000 octets and
 * content codings.
 * @example semanticsScenarios.map((scenario) => scenario.check)
 */
export const semanticsScenarios: ReadonlyArray<Scenario> = [
  ...wireExpectationScenarios,
  ...longTargetScenarios,
  ...contentCodingScenarios,
]

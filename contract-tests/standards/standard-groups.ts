import type { ScenarioGroup } from '../scenarios/registry.ts'
import type { ExploreOptions } from '../shared/explore-options.ts'
import { ambientCredentialScenarios } from './ambient-credential-scenarios.ts'
import { chunkedBodyScenarios } from './chunked-body-scenarios.ts'
import { headScenarios } from './head-scenarios.ts'
import { jsonSyntaxScenarios } from './json-syntax-scenarios.ts'
import { messageScenarios } from './message-scenarios.ts'
import { optionsScenarios } from './options-scenarios.ts'
import { preconditionScenarios } from './precondition-scenarios.ts'
import { rangeScenarios } from './range-scenarios.ts'
import { lowercaseBearerAlias, requestFreedomScenarios } from './request-freedom-scenarios.ts'
import { semanticsScenarios } from './semantics-scenarios.ts'
import { staleReadScenarios } from './stale-read-scenarios.ts'
import { stringRoundTripScenarios } from './string-round-trip-scenarios.ts'
import { timeOrderScenarios } from './time-order-scenarios.ts'
import { undescribedOperationScenarios } from './undescribed-operation-scenarios.ts'
import { unsupportedMethodScenarios } from './unsupported-method-scenarios.ts'
import { wireScenarios } from './wire-scenarios.ts'
import { writeEffectScenarios } from './write-effect-scenarios.ts'

/**
 * What the standards the interface rests on let a client vary, on every operation and path the catalogue holds
 * and every relation the spec states (docs/exploration-dimensions.md): derived from them, no edit per
 * operation. Deterministic, each in every run; run after the named scenarios, before the exploring phases.
 * @example standardGroups(exploreOptions({ pauseMs: 60_000 })).map((group) => group.name)
 */
export function standardGroups(options: Pick<ExploreOptions, 'pauseMs'>): Array<ScenarioGroup> {
  return [
    { name: 'HTTP methods', scenarios: [...headScenarios, ...optionsScenarios, ...unsupportedMethodScenarios] },
    {
      name: 'conditional requests and credentials',
      // What one create adds beside the stale reads: both read a list page that holds every match, early in the run.
      scenarios: [
        ...staleReadScenarios,
        ...writeEffectScenarios,
        ...preconditionScenarios,
        ...rangeScenarios,
        ...ambientCredentialScenarios,
      ],
    },
    {
      name: 'request freedoms',
      scenarios: [...requestFreedomScenarios, lowercaseBearerAlias, ...undescribedOperationScenarios],
    },
    { name: 'framing and JSON', scenarios: [...chunkedBodyScenarios, ...jsonSyntaxScenarios] },
    { name: 'HTTP/1.1 on the wire', scenarios: [...wireScenarios] },
    { name: 'expectations, versions and hosts on the wire', scenarios: [...semanticsScenarios] },
    { name: 'URIs, fields and messages', scenarios: [...messageScenarios] },
    { name: 'strings', scenarios: stringRoundTripScenarios },
    { name: 'time and order', scenarios: timeOrderScenarios(options) },
  ]
}

import type { Scenario } from '../shared/scenario.ts'
import { connectionCloseScenarios, pipeliningScenarios } from './wire-connection-scenarios.ts'
import { connectionCredentialScenarios } from './wire-credential-scenarios.ts'
import { fieldNameScenarios } from './wire-field-name-scenarios.ts'
import { requestFramingScenarios } from './wire-request-framing-scenarios.ts'
import { responseFramingScenarios } from './wire-response-framing-scenarios.ts'
import { absoluteFormScenarios, hostRequiredScenarios } from './wire-target-scenarios.ts'

/**
 * What HTTP/1.1 (RFC 9112) asks of a server that only bytes written and read on the wire show, fetch writing and
 * reading neither: field names in any case, pipelining, `Connection: close`, how answers and requests are framed,
 * the absolute-form target and a request without Host. Each writes its requests over a connection of its own; where
 * the target has no wire (the in-process mock) each is skipped, saying so.
 * @example wireScenarios.map((scenario) => scenario.check)
 */
export const wireScenarios: ReadonlyArray<Scenario> = [
  ...fieldNameScenarios,
  ...pipeliningScenarios,
  ...connectionCredentialScenarios,
  ...connectionCloseScenarios,
  ...responseFramingScenarios,
  ...requestFramingScenarios,
  ...absoluteFormScenarios,
  ...hostRequiredScenarios,
]

import type { Scenario } from '../shared/scenario.ts'
import { absoluteAuthorityScenarios } from './wire-absolute-authority-scenarios.ts'
import { answerGrammarScenarios } from './wire-answer-grammar-scenarios.ts'
import { bodyFramingScenarios } from './wire-body-framing-scenarios.ts'
import { chunkedFormScenarios } from './wire-chunked-form-scenarios.ts'
import { closeAnnouncedScenarios } from './wire-close-announced-scenarios.ts'
import { connectionCloseScenarios, pipeliningScenarios } from './wire-connection-scenarios.ts'
import { connectionCredentialScenarios } from './wire-credential-scenarios.ts'
import { fieldLineScenarios } from './wire-field-line-scenarios.ts'
import { fieldNameScenarios } from './wire-field-name-scenarios.ts'
import { longTargetScenarios } from './wire-long-target-scenarios.ts'
import { methodCaseScenarios } from './wire-method-case-scenarios.ts'
import { requestFramingScenarios } from './wire-request-framing-scenarios.ts'
import { requestLineScenarios } from './wire-request-line-scenarios.ts'
import { requestOctetsScenarios } from './wire-request-octets-scenarios.ts'
import { responseFramingScenarios } from './wire-response-framing-scenarios.ts'
import { absoluteFormScenarios, hostRequiredScenarios } from './wire-target-scenarios.ts'
import { tlsRecordsScenarios } from './wire-tls-records-scenarios.ts'

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
  // RFC 9112 read byte by byte: the grammar of answers and requests, chunked forms, framing, the close.
  ...answerGrammarScenarios,
  ...fieldLineScenarios,
  ...methodCaseScenarios,
  ...requestLineScenarios,
  ...requestOctetsScenarios,
  ...longTargetScenarios,
  ...absoluteAuthorityScenarios,
  ...chunkedFormScenarios,
  ...bodyFramingScenarios,
  ...closeAnnouncedScenarios,
  // RFC 9112 sections 9.7 and 9.8: HTTP over TLS, and how a TLS connection closes.
  ...tlsRecordsScenarios,
]

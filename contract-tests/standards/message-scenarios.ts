import type { Scenario } from '../shared/scenario.ts'
import { baseAddressScenarios } from './base-address-scenarios.ts'
import { contentLocationScenarios } from './content-location-scenarios.ts'
import { requestCodingScenarios } from './request-coding-scenarios.ts'
import { methodOverrideScenarios, safeMethodContentScenarios, unlabelledBodyScenarios } from './wire-body-scenarios.ts'
import { connectScenarios } from './wire-connect-scenarios.ts'
import { contentLengthValueScenarios } from './wire-content-length-scenarios.ts'
import { fieldValueOctetScenarios, wireRequestFormScenarios } from './wire-form-scenarios.ts'
import { fieldSizeScenarios, wholeHeaderSectionScenarios } from './wire-header-section-scenarios.ts'
import { targetValidityScenarios } from './wire-target-validity-scenarios.ts'
import { traceScenarios } from './wire-trace-scenarios.ts'
import { upgradeScenarios } from './wire-upgrade-scenarios.ts'
import { protocolVersionScenarios } from './wire-version-scenarios.ts'

/**
 * What HTTP's semantics (RFC 9110 sections 2 to 9: URIs, fields, messages, connections, representations, methods) ask
 * of a server beyond what an operation's plain request shows: forms of a request HTTP makes equivalent, octets set
 * apart in field values, invalid and misdirected targets, versions, protocol switches, CONNECT and TRACE, header
 * sections in parts and too large, Content-Length values, content on safe methods, bodies unlabelled, coded or with a
 * Content-Location. Most write their requests on the wire over connections of their own; where the target has no
 * wire (the in-process mock) those are skipped, saying so.
 * @example messageScenarios.map((scenario) => scenario.check)
 */
export const messageScenarios: ReadonlyArray<Scenario> = [
  ...wireRequestFormScenarios,
  ...fieldValueOctetScenarios,
  ...targetValidityScenarios,
  ...protocolVersionScenarios,
  ...upgradeScenarios,
  ...connectScenarios,
  ...traceScenarios,
  ...wholeHeaderSectionScenarios,
  ...fieldSizeScenarios,
  ...contentLengthValueScenarios,
  ...safeMethodContentScenarios,
  ...unlabelledBodyScenarios,
  ...methodOverrideScenarios,
  ...contentLocationScenarios,
  ...requestCodingScenarios,
  ...baseAddressScenarios,
]

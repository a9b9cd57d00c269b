import { gzipSync } from 'node:zlib'
import { stringifyJson } from '../../spec/json/stringify-json.ts'
import { type OperationSpec, operationList } from '../../spec/operations.ts'
import { clientErrors } from '../scenarios/expect-refusal.ts'
import { notCreated, sendableRequest } from '../scenarios/valid-request.ts'
import { echoBasis, interfaceSays } from '../shared/citations.ts'
import { type Basis, statusOf } from '../shared/exchange.ts'
import type { Scenario, ScenarioContext } from '../shared/scenario.ts'
import { echoedFields } from './request-freedom-scenarios.ts'

const codingBasis: Basis = {
  source: 'x-mock-behaviour',
  text:
    'The mock reads no content coding: a coded body is refused (400 invalid_json). RFC 9110 section 8.4: "An origin ' +
    'server MAY respond with a status code of 415 (Unsupported Media Type) if a representation in the request ' +
    'message has a content coding that is not acceptable."; section 8.4.1: "All content codings are case-insensitive".',
}

/** The forms of a coded body: gzip under three names (section 8.4.1.3: x-gzip is gzip), and a coding nobody has. */
const codings: ReadonlyArray<{ what: string; name: string; gzip: boolean }> = [
  { what: 'its body gzip-coded, Content-Encoding: gzip', name: 'gzip', gzip: true },
  { what: 'its body gzip-coded, Content-Encoding: GZIP', name: 'GZIP', gzip: true },
  { what: 'its body gzip-coded, Content-Encoding: x-gzip', name: 'x-gzip', gzip: true },
  { what: 'Content-Encoding: x-contract-unknown on a plain body', name: 'x-contract-unknown', gzip: false },
]

/**
 * A request body with a content coding (RFC 9110 section 8.4), on every described operation with content: decoded
 * and taken with the values as sent (201), or refused with a 4xx (415 for a coding the server does not take); a 2xx
 * with other values (the coded octets read as the body) or a 5xx is a violation.
 */
async function judgeCodings(context: ScenarioContext, operation: OperationSpec): Promise<void> {
  const request = await sendableRequest(operation, context)
  if (!request) return context.skip(notCreated)
  const sent = request.json as Record<string, unknown>
  const text = stringifyJson(sent)
  for (const coding of codings) {
    const bytes = coding.gzip ? new Uint8Array(gzipSync(text)) : new TextEncoder().encode(text)
    const answer = await context.client.call(operation.operationId, {
      ...request,
      json: undefined,
      body: coding.gzip ? `(gzip of ${text})` : text,
      bodyBytes: bytes,
      contentType: 'application/json',
      headers: { 'content-encoding': coding.name },
      alsoAccepted: clientErrors,
    })
    const status = answer.response?.status ?? 0
    if (status >= 400 && status < 500) continue
    const kept = echoedFields(sent, answer.response?.json)
    const echoed = (answer.response?.json ?? {}) as object
    const lost = Object.keys(sent).filter((name) => !kept.includes(name) && name in echoed)
    context.assert(status >= 200 && status < 300 && lost.length === 0, {
      message:
        status >= 200 && status < 300
          ? `${operation.operationId} with ${coding.what} stores other values (${lost.join(', ')})`
          : `${operation.operationId} with ${coding.what} answers ${statusOf(answer)}`,
      expected: 'the values as sent, or a 4xx (415)',
      received: `${statusOf(answer)} ${answer.response?.bodyText.slice(0, 160) ?? ''}`,
      exchange: answer,
      basis: status >= 200 && status < 300 ? echoBasis(operation.operationId) : interfaceSays.errorsListed,
    })
  }
}

/** For every described operation with content: a coded body decoded and taken as sent, or refused with a 4xx. */
export const requestCodingScenarios: Array<Scenario> = operationList
  .filter((operation) => operation.described && operation.sample.json !== undefined)
  .map(
    (operation): Scenario => ({
      check: 'request_content_coding',
      title: `${operation.operationId} decodes a content-coded body (gzip, GZIP, x-gzip) or refuses it with a 4xx`,
      operationId: operation.operationId,
      basis: codingBasis,
      writes: true,
      run: (context) => judgeCodings(context, operation),
    }),
  )

import { type OperationSpec, operationList } from '../../spec/operations.ts'
import { validRequest } from '../scenarios/valid-request.ts'
import type { WrittenParts } from '../shared/contract-caller.ts'
import { type Basis, statusOf } from '../shared/exchange.ts'
import type { Scenario, ScenarioContext } from '../shared/scenario.ts'
import { sendForm } from './wire-form-judge.ts'

/** Credentials of nobody: what a TRACE carries instead of the key (RFC 9110 section 9.3.8 keeps the key out). */
const decoyToken = 'contract-suite-trace-decoy-token'
const decoyCookie = 'session=contract-suite-trace-decoy-cookie'

const traceBasis: Basis = {
  source: 'x-mock-behaviour',
  text:
    'The mock refuses TRACE (405). RFC 9110 section 9.3.8: "The final recipient of the request SHOULD exclude any ' +
    'request fields that are likely to contain sensitive data when that recipient generates the response content."',
}

/** The operation's request as a TRACE: no content, the decoy credential and cookie in place of the key. */
const asTrace = {
  what: 'TRACE with a decoy bearer token and cookie',
  write: (parts: WrittenParts): WrittenParts => ({
    ...parts,
    method: 'TRACE',
    fields: [
      ...parts.fields.filter(([name]) => ['host', 'connection'].includes(name.toLowerCase())),
      ['authorization', `Bearer ${decoyToken}`],
      ['cookie', decoyCookie],
    ],
    content: new Uint8Array(0),
  }),
}

/** The credentials an echo carried back, in words. */
const echoedNames = (echoed: ReadonlyArray<string>): string =>
  echoed.length === 2 ? 'Authorization and Cookie' : echoed[0] === decoyToken ? 'Authorization' : 'Cookie'

/**
 * TRACE on every path the interface describes (RFC 9110 section 9.3.8): refused (a 4xx or 501), or echoed as the
 * final recipient does, without the fields that hold credentials. The request carries a decoy bearer token and a
 * decoy cookie, never the key (section 9.3.8: "A client MUST NOT send content in a TRACE request", nor credentials):
 * an echo that holds either is a deviation (a SHOULD), a 5xx a violation.
 */
async function judgeTrace(context: ScenarioContext, operation: OperationSpec): Promise<void> {
  // A gateway may log or forward a TRACE; a read-only run promises production GET and HEAD only (--help).
  if (context.client.readOnly) return context.skip('A read-only run sends GET and HEAD only.')
  const request = validRequest(operation, context.data) ?? { params: operation.sample.params }
  const exchange = await sendForm(context, operation, { params: request.params }, asTrace, null)
  const status = exchange.response?.status
  const where = `TRACE ${operation.path}`
  if (status !== undefined && status >= 500 && status !== 501)
    return void context.assert(false, {
      message: `${where} answers ${status}`,
      expected: 'a refusal (405, 501) or the echo of the request',
      received: statusOf(exchange),
      exchange,
    })
  const body = exchange.response?.bodyText ?? ''
  const echoed = [decoyToken, decoyCookie].filter((decoy) => body.includes(decoy.split('=').at(-1) as string))
  if (status !== undefined && status < 300 && echoed.length > 0)
    context.observe({
      message: `${where} echoes the request with its credentials (${echoedNames(echoed)})`,
      expected: 'no Authorization or Cookie in the echo (or TRACE refused)',
      received: body.slice(0, 200),
      exchange,
      basis: traceBasis,
    })
}

const seenPaths = new Set<string>()

/** TRACE once per path the interface describes (createPet shares listPets' path). */
export const traceScenarios: Array<Scenario> = operationList
  .filter((operation) => operation.described)
  .filter((operation) => {
    const path = `${operation.base} ${operation.path}`
    if (seenPaths.has(path)) return false
    seenPaths.add(path)
    return true
  })
  .map(
    (operation): Scenario => ({
      check: 'trace_echo',
      title: `TRACE ${operation.path} is refused, or echoed without the credentials it carried`,
      operationId: operation.operationId,
      basis: traceBasis,
      writes: false,
      run: (context) => judgeTrace(context, operation),
    }),
  )

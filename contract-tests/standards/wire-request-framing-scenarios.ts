import { stringifyJson } from '../../spec/json/stringify-json.ts'
import { type OperationSpec, operationList } from '../../spec/operations.ts'
import { rolesOf } from '../../spec/relations.ts'
import { wireOutcomeOf } from '../client/raw-exchange-call.ts'
import { clientErrors } from '../scenarios/expect-refusal.ts'
import { notCreated, sendableRequest, validRequest } from '../scenarios/valid-request.ts'
import { interfaceSays, specChooses, standardSays } from '../shared/citations.ts'
import type { CallOptions, WireCall, WireOutcome } from '../shared/contract-caller.ts'
import { type Exchange, statusOf } from '../shared/exchange.ts'
import { originOf } from '../shared/origin-of.ts'
import type { Scenario, ScenarioContext } from '../shared/scenario.ts'
import { type BodyOperation, bodyOperations } from './body-operations.ts'
import { completeQuery } from './stale-read-scenarios.ts'
import { answerKey, judgeFraming } from './wire-answers.ts'

type Body = Record<string, unknown>
type Framing = NonNullable<WireCall['framing']>

const lengths =
  (...values: Array<(length: number) => string>): Framing =>
  (body) => ({ fields: values.map((value) => ['Content-Length', value(body.byteLength)]), bytes: body })

/** The body as one chunk with `Transfer-Encoding: chunked`, and a Content-Length of 5 that disagrees. */
const chunkedOverLength: Framing = (body) => ({
  fields: [
    ['Transfer-Encoding', 'chunked'],
    ['Content-Length', '5'],
  ],
  bytes: Buffer.concat([Buffer.from(`${body.byteLength.toString(16)}\r\n`), body, Buffer.from('\r\n0\r\n\r\n')]),
})

/** Framings no server may act on: each must get 400 (RFC 9112 section 6.3) and create nothing. */
const invalidLengths: ReadonlyArray<[string, string, Framing]> = [
  ['invalid-length', 'Content-Length: abc', lengths(() => 'abc')],
  ['two-lengths', 'two different Content-Length fields', lengths(String, (length) => String(length + 1))],
  ['cut-short', 'a Content-Length 40 bytes longer than the body, then the end', lengths((length) => `${length + 40}`)],
]

/**
 * What follows a probe on its connection, its own answer known: the valid request of the first safe operation whose
 * API has the probe's origin (a request of the other API would reach a server that does not serve it), else a GET of
 * the probe's own path, a method its API may lack: whatever that API answers it (a 404, a 405) is as much its own.
 */
function followUp(
  context: ScenarioContext,
  probe: OperationSpec,
  params: CallOptions['params'],
): { operationId: Exchange['operationId']; options: CallOptions } {
  const origin = originOf(context.client, probe.operationId)
  for (const operation of operationList) {
    if (!operation.described || !operation.safe || originOf(context.client, operation.operationId) !== origin) continue
    const request = validRequest(operation, context.data)
    if (request) return { operationId: operation.operationId, options: { ...request, alsoAccepted: clientErrors } }
  }
  return { operationId: probe.operationId, options: { method: 'GET', params, alsoAccepted: clientErrors } }
}

/** A refusal expected: 400; a 2xx or 5xx acts on what cannot be read; anything else the server's HTTP layer chose. */
function judgeRefused(context: ScenarioContext, exchange: Exchange, what: string): void {
  const status = exchange.response?.status
  if (status === 400) return
  if (status === undefined || (status >= 400 && status < 500)) {
    context.observe({
      message: `${what} is ${status === undefined ? `not answered: ${exchange.transportError}` : `refused: ${status}`}`,
      expected: '400, then the connection closed',
      received: statusOf(exchange),
      exchange,
      basis: specChooses.framingDutyOfTheServer,
    })
    return
  }
  context.assert(false, {
    message: `${what} is answered ${status}`,
    expected: '400, and nothing acted on',
    received: `${status} ${exchange.response?.bodyText.slice(0, 120) ?? ''}`,
    exchange,
  })
}

/** After a probe, the request written next on its connection gets its own answer, or the connection is closed. */
function judgeNext(context: ScenarioContext, outcome: WireOutcome, expected: string, what: string): boolean {
  const next = outcome.exchanges[1]
  if (outcome.answers.length < 2 || !next) return false
  const key = answerKey(next.response?.status, next.response?.json)
  return context.assert(key === expected, {
    message:
      `the request written after ${what} on the same connection got an answer not its own: the rest of the ` +
      'body was read as a request',
    expected,
    received: `${key} ${next.response?.bodyText.slice(0, 120) ?? ''}`,
    exchange: next,
  })
}

async function judgeRequestFraming(context: ScenarioContext, { operation, stringFields }: BodyOperation) {
  const request = await sendableRequest(operation, context)
  if (!request) return context.skip(notCreated)
  const next = followUp(context, operation, request.params)
  const field = stringFields[0] ?? 'name'
  const tag = (what: string) => `${context.data.runTag}-wire-${what}`
  const body = (what: string): Body => ({ ...(request.json as Body), [field]: tag(what) })
  const send = (json: Body, wire: WireCall, options: CallOptions = {}) =>
    context.client.call(operation.operationId, { ...request, json, alsoAccepted: clientErrors, ...options, wire })
  const alone = await context.client.call(next.operationId, next.options)
  const expected = answerKey(alone.response?.status, alone.response?.json)
  const refused: Array<string> = []
  for (const [what, described, framing] of invalidLengths) {
    const exchange = await send(body(what), { framing, halfClose: true })
    refused.push(tag(what))
    // Section 8: a server that receives an incomplete request "MAY send an error response prior to closing".
    const status = exchange.response?.status
    if (what === 'cut-short' && (status === undefined || (status >= 400 && status < 500))) continue
    judgeRefused(context, exchange, `${operation.operationId} with ${described}`)
  }
  const sent = body('chunked-over-length')
  const chunked = await send(sent, { framing: chunkedOverLength, pipelined: [next] })
  const outcome = wireOutcomeOf(chunked)
  if (outcome) judgeFraming(context, outcome)
  const status = chunked.response?.status
  const what = `${operation.operationId} with Transfer-Encoding: chunked and a Content-Length that disagrees`
  if (status !== undefined && status >= 200 && status < 300) {
    const echoed = (chunked.response?.json ?? {}) as Body
    context.assert(stringifyJson(echoed[field]) === stringifyJson(sent[field]), {
      message: `${what} is read by the Content-Length: ${field} comes back changed`,
      expected: stringifyJson(sent[field]),
      received: chunked.response?.bodyText.slice(0, 200),
      exchange: chunked,
    })
  } else if (status !== 400) judgeRefused(context, chunked, what)
  if (outcome && judgeNext(context, outcome, expected, what))
    context.observe({
      message: `${what} is answered and the connection kept: the next request on it was answered too`,
      expected: 'the connection closed after the answer (RFC 9112 section 6.1)',
      received: `${outcome.answers.length} answers on the connection`,
      exchange: outcome.exchanges[1],
      basis: specChooses.framingDutyOfTheServer,
    })
  const large = { ...body('early-refusal'), [field]: `${tag('early-refusal')}-${'x'.repeat(65_536)}` }
  const early = await send(large, { pipelined: [next] }, { authorization: null })
  const earlyOutcome = wireOutcomeOf(early)
  if (earlyOutcome)
    judgeNext(context, earlyOutcome, expected, `${operation.operationId} without a key and a 64 KB body`)
  const earlyStatus = early.response?.status
  if (earlyStatus !== undefined && earlyStatus < 300)
    context.assert(false, {
      message: `${operation.operationId} without a key is answered ${earlyStatus}`,
      expected: '401',
      received: statusOf(early),
      exchange: early,
      basis: interfaceSays.authentication,
    })
  await judgeNothingCreated(context, operation.operationId, field, refused)
}

/** None of the names of the refused bodies is listed by a list of the creator whose page holds every match. */
async function judgeNothingCreated(
  context: ScenarioContext,
  creator: Exchange['operationId'],
  field: string,
  names: ReadonlyArray<string>,
): Promise<void> {
  for (const role of rolesOf('list').filter((candidate) => candidate.creator === creator)) {
    const chosen = await completeQuery(context, role)
    const page = chosen?.first.response?.json
    if (!chosen || !Array.isArray(page)) continue
    const listed = (page as Array<Body>).filter((item) => names.includes(String(item?.[field])))
    context.assert(listed.length === 0, {
      message: `${role.operationId} lists ${listed.length} resource(s) created from a body whose framing was broken`,
      expected: `none named ${names.join(', ')}`,
      received: stringifyJson(listed),
      exchange: chosen.first,
    })
  }
}

/**
 * Request framing a server must refuse or read right (RFC 9112 sections 6.3, 8 and 9.3), on every operation that takes
 * a body: an invalid Content-Length, two that differ and one longer than the body that then ends get 400 and create
 * nothing (a 2xx or 5xx is a violation; another refusal or a close without an answer, a deviation of the server's
 * HTTP layer); `Transfer-Encoding: chunked` with a Content-Length that disagrees is read by the chunked framing or
 * refused, and the request written after it (one of an API with the probe's origin: `followUp`) never gets an answer
 * made of the body's rest; so too after a 401 answered before a 64 KB body was read.
 */
export const requestFramingScenarios: Array<Scenario> = bodyOperations.map(
  (body): Scenario => ({
    check: 'request_framing',
    title: `${body.operation.operationId} refuses a body it cannot frame, reads chunked over Content-Length`,
    operationId: body.operation.operationId,
    basis: standardSays.requestFraming,
    writes: true,
    run: (context) => judgeRequestFraming(context, body),
  }),
)

import { type OperationSpec, operationList } from '../../spec/operations.ts'
import { wireOutcomeOf } from '../client/raw-exchange-call.ts'
import { clientErrors } from '../scenarios/expect-refusal.ts'
import { notCreated, sendableRequest, validRequest } from '../scenarios/valid-request.ts'
import type { CallOptions, WireOutcome } from '../shared/contract-caller.ts'
import { type Exchange, statusOf } from '../shared/exchange.ts'
import type { Scenario, ScenarioContext } from '../shared/scenario.ts'
import { semanticsChoose, semanticsSays } from '../shared/semantics-citations.ts'
import { judgeFraming } from './wire-answers.ts'

const described = operationList.filter((operation) => operation.described)
const withBody = described.filter((operation) => !operation.safe)
const reads = described.filter((operation) => operation.safe)

/**
 * How long a held body waits for the answer to its header section: the server must not wait for the body. One that
 * has not answered in that time is asked once more with the longest wait (a quarter of the per-request timeout),
 * so that a server slow under load is not taken for one that waits for the body.
 */
const continueWaitMs = 1_000
const continueRetryWaitMs = 60_000
/** How long a request whose body stalls is given for an answer: a 408, a refusal, a close or nothing. */
const stallWaitMs = 1_000

const statusClass = (exchange: Exchange | undefined) => Math.floor((exchange?.response?.status ?? 0) / 100)

/** Whom an answer on the wire was to, for messages. */
const where = (operation: OperationSpec, what: string) => `${operation.operationId} with ${what}`

/**
 * A 100-continue expectation is answered at once (RFC 9110 section 10.1.1: an origin server "MUST send either: an
 * immediate response with a final status code ... or an immediate 100 (Continue) response" and "MUST NOT wait for
 * the content before sending the 100 (Continue) response"): every operation with a body, its header section sent
 * with `Expect: 100-continue` (and `100-Continue`: the expectation is case-insensitive) and its content held, gets
 * a 100 or its final status before the content, with the key its success after it and never 417; without the key
 * a 401 (before or after a 100). Over HTTP/1.0 (the content sent at once) the success comes, with no 1xx before it
 * (section 15.2: "a server MUST NOT send a 1xx response to an HTTP/1.0 client"). A wrong final status (417 to
 * 100-continue, a success without the key) is a violation; nothing before the content, or a 1xx to HTTP/1.0, is
 * reported as a deviation (`semanticsChoose.continueAtOnce` says why). An expectation the server does not know may
 * get 417 or be ignored (a deviation to refuse it otherwise).
 */
async function expectContinue(context: ScenarioContext, operation: OperationSpec): Promise<void> {
  const request = (await sendableRequest(operation, context)) as CallOptions | undefined
  if (!request) return context.skip(notCreated)
  const send = (authorization: CallOptions['authorization'], expect: string, holdContentMs: number) =>
    context.client.call(operation.operationId, {
      ...request,
      ...(authorization !== undefined && { authorization }),
      headers: { ...request.headers, expect },
      alsoAccepted: clientErrors,
      wire: { holdContentMs },
    })
  const held = async (authorization: CallOptions['authorization'], expect: string) => {
    const first = await send(authorization, expect, continueWaitMs)
    if (wireOutcomeOf(first)?.heldContent !== 'waited') return first
    return send(authorization, expect, continueRetryWaitMs)
  }
  for (const expect of ['100-continue', '100-Continue']) {
    const exchange = await held(undefined, expect)
    judgeContinued(context, operation, exchange, `Expect: ${expect} and the key`, 2)
  }
  judgeContinued(context, operation, await held(null, '100-continue'), 'Expect: 100-continue without a key', 4)
  const http10 = await context.client.call(operation.operationId, {
    ...request,
    headers: { ...request.headers, expect: '100-continue' },
    alsoAccepted: clientErrors,
    wire: { version: 'HTTP/1.0' },
  })
  const outcome = wireOutcomeOf(http10)
  if (outcome) judgeFraming(context, outcome, { http10: true })
  const interim = outcome?.answers[0]?.interim ?? []
  context.assert(statusClass(http10) === 2, {
    message: `${where(operation, 'Expect: 100-continue over HTTP/1.0')} got ${statusOf(http10)}`,
    expected: 'the success: the expectation ignored',
    received: statusOf(http10),
    exchange: http10,
  })
  if (interim.length > 0)
    context.observe({
      message: `${where(operation, 'Expect: 100-continue over HTTP/1.0')} got ${interim.join()}, ${statusOf(http10)}`,
      expected: 'no 1xx to an HTTP/1.0 client',
      received: [...interim, statusOf(http10)].join(', '),
      exchange: http10,
      basis: semanticsChoose.continueAtOnce,
    })
  const unknown = await context.client.call(operation.operationId, {
    ...request,
    headers: { ...request.headers, expect: 'x-pet-store-unknown' },
    alsoAccepted: [...clientErrors, 417],
    wire: {},
  })
  const status = unknown.response?.status ?? 0
  if (status !== 417 && status >= 400 && status < 500)
    context.observe({
      message: `${where(operation, 'an unknown expectation')} is refused with ${status}, not 417 nor served`,
      expected: '417, or the answer without the expectation',
      received: statusOf(unknown),
      exchange: unknown,
      basis: semanticsChoose.expectationRefused,
    })
}

/** Judges one held-content exchange: an answer before the content, and the final status of `finalClass`. */
function judgeContinued(
  context: ScenarioContext,
  operation: OperationSpec,
  exchange: Exchange,
  what: string,
  finalClass: number,
): void {
  const outcome = wireOutcomeOf(exchange) as WireOutcome | undefined
  if (!outcome) return
  judgeFraming(context, outcome)
  const answer = outcome.answers[0]
  const steps = [...(answer?.interim ?? []), statusOf(exchange)].join(', then ')
  if (outcome.heldContent === 'waited')
    context.observe({
      message: `${where(operation, what)}: nothing came while its content was held, twice (${steps} after it)`,
      expected: 'a 100 Continue or the final status at once, before the content',
      received: `no answer before the content; then ${steps}`,
      exchange,
      basis: semanticsChoose.continueAtOnce,
    })
  context.assert(statusClass(exchange) === finalClass && exchange.response?.status !== 417, {
    message: `${where(operation, what)} got ${steps}`,
    expected: finalClass === 2 ? 'a 100 (or none), then the success' : '401, before or after a 100',
    received: steps,
    exchange,
  })
}

/**
 * The protocol's major version (RFC 9110 sections 2.5 and 15.6.6): a request line in HTTP/1.0 is served (the
 * success of HTTP/1.1, framed for 1.0), never refused with 505, which says the major version is not supported; a
 * request line of major version 3 may be refused with 505 or 400 (or the connection closed); served as if it were
 * HTTP/1.1 it is a deviation (no sentence forbids it), a 5xx other than 505 a violation. A 505 should say why.
 */
async function majorVersion(context: ScenarioContext, operation: OperationSpec): Promise<void> {
  const request = validRequest(operation, context.data) as CallOptions | undefined
  if (!request) return context.skip('No request of this operation can be built.')
  const http10 = await context.client.call(operation.operationId, { ...request, wire: { version: 'HTTP/1.0' } })
  const outcome = wireOutcomeOf(http10)
  if (outcome) judgeFraming(context, outcome, { http10: true, toClose: true })
  context.assert(statusClass(http10) === 2, {
    message: `${where(operation, 'an HTTP/1.0 request line')} got ${statusOf(http10)}`,
    expected: 'the success HTTP/1.1 gets: major version 1 is the one the service speaks',
    received: statusOf(http10),
    exchange: http10,
  })
  const http3 = await context.client.call(operation.operationId, {
    ...request,
    alsoAccepted: [...clientErrors, 505],
    wire: { version: 'HTTP/3.0', close: true },
  })
  const status = http3.response?.status
  if (status !== undefined && statusClass(http3) === 2)
    context.observe({
      message: `${where(operation, 'an HTTP/3.0 request line')} is served as HTTP/1.1 (${status})`,
      expected: '505 (HTTP Version Not Supported) or 400',
      received: statusOf(http3),
      exchange: http3,
      basis: semanticsChoose.versionRefused,
    })
  if (status === 505 && (http3.response?.bodyBytes ?? 0) === 0)
    context.observe({
      message: `${where(operation, 'an HTTP/3.0 request line')} gets a 505 that says nothing of why`,
      expected: 'a 505 whose content names the versions served (RFC 9110 section 15.6.6)',
      received: '505 without content',
      exchange: http3,
      basis: semanticsChoose.versionRefused,
    })
  context.assert(status === undefined || status < 500 || status === 505, {
    message: `${where(operation, 'an HTTP/3.0 request line')} got ${statusOf(http3)}`,
    expected: '505, 400 or a close: a version it does not speak is no error of its own',
    received: statusOf(http3),
    exchange: http3,
  })
}

/**
 * Options a client may put in Connection (RFC 9110 sections 7.6.1, 7.8 and 10.1.4): an offer to upgrade (h2c, as
 * curl --http2 sends it, and websocket) may be ignored, the request answered in HTTP/1.1 as without it; a server
 * that switches answers 101 naming in Upgrade a protocol the client offered ("The server MUST generate an Upgrade
 * header field in the response that indicates which protocol(s) will be in effect after this response", "A server
 * MUST NOT switch to a protocol that was not indicated by the client"). `TE: trailers` with `Connection: TE` is
 * answered as without it. A refusal of an offer or of TE with a 4xx is a deviation.
 */
async function connectionOptions(context: ScenarioContext, operation: OperationSpec): Promise<void> {
  const request = validRequest(operation, context.data) as CallOptions | undefined
  if (!request) return context.skip('No request of this operation can be built.')
  const offers: Array<[string, Record<string, string>, string]> = [
    [
      'an offer to upgrade to h2c',
      { connection: 'Upgrade, HTTP2-Settings', upgrade: 'h2c', 'http2-settings': 'AAMAAABkAARAAAAAAAIAAAAA' },
      'h2c',
    ],
    ['an offer to upgrade to websocket', { connection: 'Upgrade', upgrade: 'websocket' }, 'websocket'],
    ['TE: trailers and Connection: TE', { connection: 'TE', te: 'trailers' }, ''],
  ]
  for (const [what, headers, offered] of offers) {
    const exchange = await context.client.call(operation.operationId, {
      ...request,
      headers: { ...request.headers, ...headers },
      alsoAccepted: clientErrors,
      // A server that switches speaks another protocol after its 101: what follows is not waited for.
      wire: { close: true, timeoutMs: stallWaitMs },
    })
    const outcome = wireOutcomeOf(exchange)
    if (!outcome) return
    const heads = [...(outcome.answers[0]?.interimHeads ?? []), ...(outcome.pendingInterim ?? [])]
    for (const head of heads.filter((one) => one.status === 101)) {
      const upgrade = head.fields.find(([name]) => name.toLowerCase() === 'upgrade')?.[1]
      const named = (upgrade ?? '').split(',').map((protocol) => protocol.trim().toLowerCase())
      context.assert(offered !== '' && named.includes(offered), {
        message: `${where(operation, what)} got a 101 ${upgrade ? `to ${upgrade}` : 'naming no protocol'}`,
        expected: offered ? `a 101 with Upgrade: ${offered}, or the answer in HTTP/1.1` : 'no 101: nothing was offered',
        received: `101, upgrade: ${upgrade ?? 'none'}`,
        exchange,
      })
    }
    const status = exchange.response?.status ?? 0
    if (status >= 400 && status < 500)
      context.observe({
        message: `${where(operation, what)} is refused with ${status}`,
        expected: 'the answer without the option: a server may ignore it',
        received: statusOf(exchange),
        exchange,
        basis: semanticsChoose.expectationRefused,
      })
  }
}

/**
 * A request whose content stalls (RFC 9110 section 15.5.9: "The 408 (Request Timeout) status code indicates that the
 * server did not receive a complete request message within the time that it was prepared to wait"): a create whose
 * Content-Length promises more than is sent, and then nothing for a while, gets a 408, another 4xx, a close, or no
 * answer yet: never a success for the part that came, nor a 5xx (the client erred, not the server).
 */
async function stalledRequest(context: ScenarioContext, operation: OperationSpec): Promise<void> {
  const request = validRequest(operation, context.data) as CallOptions | undefined
  if (!request) return context.skip('No request of this operation can be built.')
  const exchange = await context.client.call(operation.operationId, {
    ...request,
    alsoAccepted: [...clientErrors, 408],
    wire: {
      timeoutMs: stallWaitMs,
      framing: (body) => ({ fields: [['content-length', String(body.byteLength + 64)]], bytes: body }),
    },
  })
  if (!wireOutcomeOf(exchange)) return
  const status = exchange.response?.status
  context.assert(status === undefined || (status >= 400 && status < 500), {
    message:
      status === undefined
        ? `${where(operation, 'a body that stalls')}: no answer in ${stallWaitMs} ms, as a server that waits`
        : `${where(operation, 'a body 64 bytes short that stalls')} got ${statusOf(exchange)}`,
    expected: '408 or another 4xx, a close, or no answer yet: never a success nor a 5xx',
    received: statusOf(exchange),
    exchange,
  })
}

/**
 * A Host the service does not serve (RFC 9110 section 15.5.20): a read with `Host: unknown.example.test` may get 421
 * (Misdirected Request), another 4xx, or the answer the service gives its own host (it may serve any name); never a
 * 5xx, which says the service itself failed.
 */
async function misdirectedHost(context: ScenarioContext, operation: OperationSpec): Promise<void> {
  const request = validRequest(operation, context.data) as CallOptions | undefined
  if (!request) return context.skip('No request of this operation can be built.')
  const exchange = await context.client.call(operation.operationId, {
    ...request,
    headers: { ...request.headers, host: 'unknown.example.test' },
    alsoAccepted: [...clientErrors, 421],
    wire: { host: false },
  })
  if (!wireOutcomeOf(exchange)) return
  const status = exchange.response?.status ?? 0
  context.assert(status > 0 && status < 500, {
    message: `${where(operation, 'Host: unknown.example.test')} got ${statusOf(exchange)}`,
    expected: '421, another 4xx, or the answer its own host gets',
    received: statusOf(exchange),
    exchange,
  })
}

const scenario = (
  check: string,
  operation: OperationSpec,
  title: string,
  run: (context: ScenarioContext, operation: OperationSpec) => Promise<void>,
  basis: Scenario['basis'],
): Scenario => ({
  check,
  title: `${operation.operationId} ${title}`,
  operationId: operation.operationId,
  basis,
  writes: !operation.safe,
  run: (context) => run(context, operation),
})

/**
 * What RFC 9110 asks of expectations, interim answers, protocol versions, connection options, stalled requests and
 * hosts, which only bytes written on the wire show (fetch sends no Expect, no other version, no Host of its own):
 * each writes its requests over a connection of its own, skipped where the target has no wire.
 */
export const wireExpectationScenarios: ReadonlyArray<Scenario> = [
  ...withBody.map((operation) =>
    scenario(
      'expect_continue',
      operation,
      'answers Expect: 100-continue before the content, and sends no 1xx to HTTP/1.0',
      expectContinue,
      semanticsSays.expectContinue,
    ),
  ),
  ...reads.map((operation) =>
    scenario(
      'major_version',
      operation,
      'serves HTTP/1.0 and refuses HTTP/3.0 in a request line only with 505 or 400',
      majorVersion,
      semanticsSays.majorVersion,
    ),
  ),
  ...reads.map((operation) =>
    scenario(
      'connection_options',
      operation,
      'ignores or honours an offer to upgrade and TE, a 101 naming what was offered',
      connectionOptions,
      semanticsSays.upgrade,
    ),
  ),
  ...withBody
    .filter((operation) => operation.operationId === 'createPet')
    .map((operation) =>
      scenario(
        'stalled_request',
        operation,
        'with a body that stalls: 408, a refusal or a close, never a success or a 5xx',
        stalledRequest,
        semanticsSays.requestTimeout,
      ),
    ),
  ...reads.map((operation) =>
    scenario(
      'misdirected_host',
      operation,
      'with a Host it does not serve: 421, a 4xx or its answer, never a 5xx',
      misdirectedHost,
      semanticsSays.misdirected,
    ),
  ),
]

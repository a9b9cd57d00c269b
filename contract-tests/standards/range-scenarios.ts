import { type OperationSpec, operationList } from '../../spec/operations.ts'
import { clientErrors } from '../scenarios/expect-refusal.ts'
import { validRequest } from '../scenarios/valid-request.ts'
import { standardSays } from '../shared/citations.ts'
import type { CallOptions } from '../shared/contract-caller.ts'
import { type Exchange, statusOf } from '../shared/exchange.ts'
import type { Scenario, ScenarioContext } from '../shared/scenario.ts'

/** Reads, and writes that create (never one that changes or removes what a later check reads). */
const described = operationList.filter(
  (operation) => operation.described && (operation.method === 'GET' || operation.method === 'POST'),
)

/** Fields a server must ignore on this request, each with what it says. */
type Ignored = { what: string; headers: Record<string, string> }

const onGet: ReadonlyArray<Ignored> = [
  { what: 'a range of a unit no server knows', headers: { range: 'pets=0-4' } },
  { what: 'If-Range without Range', headers: { 'if-range': '"no-such-tag-7c1d"' } },
]
const onOthers: ReadonlyArray<Ignored> = [{ what: 'a byte range', headers: { range: 'bytes=0-9' } }]

const statusClass = (exchange: Exchange) => Math.floor((exchange.response?.status ?? 0) / 100)

/** Asserts the request with `ignored` got a status of the class it gets without (RFC 9110 sections 14.2, 13.1.5). */
async function sameWithout(
  context: ScenarioContext,
  operation: OperationSpec,
  request: CallOptions,
  plain: Exchange,
  { what, headers }: Ignored,
): Promise<void> {
  const exchange = await context.client.call(operation.operationId, {
    ...request,
    headers,
    alsoAccepted: [...clientErrors, 206, 416],
  })
  context.assert(statusClass(exchange) === statusClass(plain), {
    message: `${operation.operationId} with ${what} got ${statusOf(exchange)}, without it ${statusOf(plain)}`,
    expected: `${statusOf(plain)}: the field ignored`,
    received: statusOf(exchange),
    exchange,
  })
}

/**
 * Ranges the service need not serve, and must ignore where it does not (RFC 9110 section 14.2: "A server MUST ignore a
 * Range header field received with a request method that is unrecognized or for which range handling is not
 * defined." and "An origin server MUST ignore a Range header field that contains a range unit it does not
 * understand."; section 13.1.5 for If-Range without Range): a read with a range of an unknown unit or an If-Range
 * alone gets what it gets without them; a write with a byte range too. A read with `Range: bytes=0-9` may get the
 * whole answer (200) or exactly those bytes (206 with `Content-Range: bytes 0-9/…`), never 416: the range is
 * satisfiable on any representation of ten bytes or more.
 */
async function rangesIgnored(context: ScenarioContext, operation: OperationSpec): Promise<void> {
  const request = validRequest(operation, context.data) as CallOptions | undefined
  if (!request) return context.skip('No request of this operation can be built.')
  const plain = await context.client.call(operation.operationId, request)
  if (statusClass(plain) !== 2) return context.skip(`The plain request got ${statusOf(plain)}: no range to judge.`)
  const ignored = operation.method === 'GET' ? onGet : onOthers
  for (const field of ignored) await sameWithout(context, operation, request, plain, field)
  if (operation.method !== 'GET' || (plain.response?.bodyBytes ?? plain.response?.bodyText.length ?? 0) < 10) return
  const ranged = await context.client.call(operation.operationId, {
    ...request,
    headers: { range: 'bytes=0-9' },
    alsoAccepted: [206, 416],
  })
  const status = ranged.response?.status
  const contentRange = ranged.response?.headers['content-range'] ?? ''
  const partial = status === 206 && /^bytes 0-9\/(?:\d+|\*)$/.test(contentRange)
  context.assert(status === plain.response?.status || partial, {
    message: `${operation.operationId} with Range: bytes=0-9 got ${statusOf(ranged)}${
      contentRange ? ` (Content-Range: ${contentRange})` : ''
    }`,
    expected: `${statusOf(plain)} with the whole answer, or 206 with Content-Range: bytes 0-9/<length>`,
    received: statusOf(ranged),
    exchange: ranged,
  })
}

/** For every described operation: the range fields it must ignore, ignored. */
export const rangeScenarios: Array<Scenario> = described.map(
  (operation): Scenario => ({
    check: 'range_ignored',
    title: `${operation.operationId} ignores the range fields it does not serve, and never refuses a satisfiable one`,
    operationId: operation.operationId,
    basis: standardSays.rangeIgnored,
    writes: !operation.safe,
    run: (context) => rangesIgnored(context, operation),
  }),
)

import { type OperationSpec, operationList } from '../../spec/operations.ts'
import { clientErrors } from '../scenarios/expect-refusal.ts'
import { validRequest } from '../scenarios/valid-request.ts'
import { standardSays } from '../shared/citations.ts'
import type { CallOptions } from '../shared/contract-caller.ts'
import { type Exchange, statusOf } from '../shared/exchange.ts'
import type { Scenario, ScenarioContext } from '../shared/scenario.ts'
import { semanticsChoose } from '../shared/semantics-citations.ts'

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
const onOthers: ReadonlyArray<Ignored> = [
  { what: 'a byte range', headers: { range: 'bytes=0-9' } },
  { what: 'Content-Range, which only a partial PUT may use', headers: { 'content-range': 'bytes 0-5/100' } },
]

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
  // A write's status says what it did (201 created, 202 queued): the field ignored, the same status.
  const same =
    operation.method === 'GET'
      ? statusClass(exchange) === statusClass(plain)
      : exchange.response?.status === plain.response?.status
  context.assert(same, {
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
  if (operation.method !== 'GET') return
  await judgeRanges(context, operation, request, plain)
}

const bodyLength = (exchange: Exchange) => exchange.response?.bodyBytes ?? exchange.response?.bodyText.length ?? 0

/** A 206 that is exactly the range asked for: its Content-Range and as many bytes, of `length` or its own total. */
function exactPart(exchange: Exchange, first: number, last: number): boolean {
  const match = /^bytes (\d+)-(\d+)\/(\d+|\*)$/.exec(exchange.response?.headers['content-range'] ?? '')
  if (exchange.response?.status !== 206 || !match) return false
  const total = match[3] === '*' ? Number.POSITIVE_INFINITY : Number(match[3])
  const end = Math.min(last, total - 1)
  return Number(match[1]) === first && Number(match[2]) === end && bodyLength(exchange) === end - first + 1
}

/**
 * The byte ranges a GET may send (RFC 9110 section 14): `bytes=0-9` gets the whole answer (200) or exactly those ten
 * bytes (206 with `Content-Range: bytes 0-9/<length>` and ten bytes of content), never 416: it is satisfiable on
 * any representation of ten bytes or more. A last position past any length (`bytes=0-99999999999999999999999`) is
 * read without overflow (section 14.1.2: "recipients MUST anticipate potentially large decimal numerals and prevent
 * parsing errors due to integer conversion overflows"): the
 * whole answer, or 206 of it all; never 416 nor a 5xx. With `If-Range` of a tag the service never gave, the range is
 * ignored (section 13.1.5: a false If-Range means "the recipient MUST ignore the Range header field"; a service with
 * no ranges ignores If-Range itself): the whole answer, never a 206. Deviations: a 416 to `bytes=999999-` is right
 * only when the answer is shorter; fifty overlapping ranges (section 17.15) answered in parts; `Accept-Ranges: bytes`
 * on an answer whose `bytes=0-9` gets no 206 (section 14.3).
 */
async function judgeRanges(
  context: ScenarioContext,
  operation: OperationSpec,
  request: CallOptions,
  plain: Exchange,
): Promise<void> {
  const ranged = (headers: Record<string, string>) =>
    context.client.call(operation.operationId, { ...request, headers, alsoAccepted: [206, 416] })
  const whole = (exchange: Exchange) =>
    exchange.response?.status === plain.response?.status && exchange.response?.headers['content-range'] === undefined
  const judge = (what: string, exchange: Exchange, holds: boolean, expected: string) =>
    context.assert(holds, {
      message: `${operation.operationId} with ${what} got ${statusOf(exchange)}${
        exchange.response?.headers['content-range']
          ? ` (Content-Range: ${exchange.response.headers['content-range']})`
          : ''
      }${exchange.response?.status === 206 ? ` and ${bodyLength(exchange)} bytes` : ''}`,
      expected,
      received: statusOf(exchange),
      exchange,
    })
  if (bodyLength(plain) >= 10) {
    const first = await ranged({ range: 'bytes=0-9' })
    judge(
      'Range: bytes=0-9',
      first,
      whole(first) || exactPart(first, 0, 9),
      `${statusOf(plain)} whole, or 206 of bytes 0-9`,
    )
    const acceptRanges = plain.response?.headers['accept-ranges'] ?? ''
    if (/\bbytes\b/i.test(acceptRanges) && first.response?.status !== 206)
      context.observe({
        message: `${operation.operationId} sends Accept-Ranges: ${acceptRanges}, yet bytes=0-9 gets ${statusOf(first)}`,
        expected: 'a 206 of bytes 0-9, or no Accept-Ranges: bytes',
        received: statusOf(first),
        exchange: first,
        basis: semanticsChoose.rangesServed,
      })
  }
  const huge = await ranged({ range: 'bytes=0-99999999999999999999999' })
  judge(
    'Range: bytes=0-99999999999999999999999',
    huge,
    whole(huge) || exactPart(huge, 0, Number.MAX_SAFE_INTEGER),
    `${statusOf(plain)} whole, or 206 of it all`,
  )
  const conditional = await ranged({ range: 'bytes=0-9', 'if-range': '"no-such-tag-7c1d"' })
  judge('If-Range of a tag it never gave and Range', conditional, whole(conditional), `${statusOf(plain)} whole`)
  const deviations: Array<[string, Record<string, string>, (exchange: Exchange) => boolean]> = [
    [
      'Range: bytes=999999-',
      { range: 'bytes=999999-' },
      (e) => whole(e) || (e.response?.status === 416 && bodyLength(plain) <= 999_999),
    ],
    [
      'fifty overlapping ranges',
      { range: `bytes=${Array.from({ length: 50 }, () => '0-').join(',')}` },
      (e) => whole(e) || e.response?.status === 416,
    ],
  ]
  for (const [what, headers, fine] of deviations) {
    const exchange = await ranged(headers)
    if (exchange.response && exchange.response.status < 500 && !fine(exchange))
      context.observe({
        message: `${operation.operationId} with ${what} got ${statusOf(exchange)}`,
        expected: `${statusOf(plain)} whole, or 416`,
        received: statusOf(exchange),
        exchange,
        basis: semanticsChoose.rangesServed,
      })
  }
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

import { type OperationSpec, operationList } from '../../spec/operations.ts'
import { clientErrors } from '../scenarios/expect-refusal.ts'
import { notCreated, validRequest } from '../scenarios/valid-request.ts'
import { standardSays } from '../shared/citations.ts'
import type { CallOptions } from '../shared/contract-caller.ts'
import { type Exchange, statusOf } from '../shared/exchange.ts'
import type { Scenario, ScenarioContext } from '../shared/scenario.ts'
import { type InterfacePath, interfacePaths, requestOnPath } from './interface-paths.ts'
import { preconditionEvaluationScenarios } from './precondition-evaluation.ts'
import { unknownParams } from './unknown-params.ts'

/** A tag no representation has. */
const noSuchTag = '"no-such-tag-7c1d"'

const described = operationList.filter((operation) => operation.described)
const reads = described.filter((operation) => operation.method === 'GET')
const writes = described.filter((operation) => !operation.safe)

/** The preconditions a client may send on a read, made from what the keyed answer gave (RFC 9110 section 13.1). */
function readConditions(first: Exchange): Array<[string, string]> {
  const headers = first.response?.headers ?? {}
  return [
    ...(headers.etag ? [['if-none-match', headers.etag] as [string, string]] : []),
    ['if-none-match', '*'],
    ['if-modified-since', headers['last-modified'] ?? headers.date ?? new Date().toUTCString()],
  ]
}

/** Asserts `exchange` got `expected`, whatever precondition it carried; a 304 or 412 there is the finding. */
function holdsWithout(context: ScenarioContext, exchange: Exchange, expected: number, what: string): void {
  const status = exchange.response?.status
  context.assert(status === expected, {
    message: `${what} got ${statusOf(exchange)}`,
    expected: `${expected}, as without the precondition`,
    received: statusOf(exchange),
    exchange,
  })
}

/**
 * A precondition never stands in for the checks before it (RFC 9110 section 13.2.1: "A server MUST ignore all
 * received preconditions if its response to the same request without those conditions, prior to processing the
 * request content, would have been a status code other than a 2xx (Successful) or 412 (Precondition Failed)."):
 * every read with `If-None-Match` (the tag it was served, and `*`) or `If-Modified-Since`, without the key and with
 * an unknown one, gets 401, never 304; a read of an unknown id with `If-None-Match: *` gets 404; every write
 * without the key and with `If-Match` or `If-None-Match: *` gets 401, never 412. The realistic breach: an ETag or
 * caching middleware placed before authentication.
 */
async function preconditionsAfterChecks(context: ScenarioContext, operation: OperationSpec): Promise<void> {
  const request = validRequest(operation, context.data) as CallOptions | undefined
  if (!request) return context.skip(notCreated)
  const { operationId } = operation
  const conditions: Array<[string, string]> = operation.safe
    ? readConditions(await context.client.call(operationId, request))
    : [
        ['if-match', noSuchTag],
        ['if-none-match', '*'],
      ]
  const credentials: Array<[string, CallOptions['authorization']]> = [
    ['without a key', null],
    ['with an unknown key', (key) => `Bearer ${key}-unknown`],
  ]
  for (const [without, authorization] of credentials)
    for (const [name, value] of conditions) {
      const exchange = await context.client.call(operationId, {
        ...request,
        authorization,
        headers: { [name]: value },
        alsoAccepted: [304, 412],
      })
      holdsWithout(context, exchange, 401, `${operationId} ${without} and ${name}: ${value}`)
    }
  const named = Object.keys(request.params ?? {})
  if (!operation.safe || named.length === 0) return
  const params = unknownParams(operation, named)
  const unknown = await context.client.call(operationId, {
    ...request,
    params,
    headers: { 'if-none-match': '*' },
    alsoAccepted: [304, 412],
  })
  holdsWithout(context, unknown, 404, `${operationId} of an unknown id with if-none-match: *`)
}

/** The same opaque tag in the other form, weak or strong: equal by the weak comparison (RFC 9110 section 8.8.3.2). */
function otherForm(tag: string): string {
  return tag.startsWith('W/') ? tag.slice(2) : `W/${tag}`
}

/**
 * A server that answers a read with 304 to the tag it served compares tags for `If-None-Match` by the weak function
 * (RFC 9110 section 13.1.2: "A recipient MUST use the weak comparison function when comparing entity tags for
 * If-None-Match"), and reads the field as the list it is (`#entity-tag`): the tag in its other form (weak or
 * strong), and the tag second in a list, get the same 304. A server that never answers 304 does not evaluate tags
 * here: nothing to judge.
 */
async function weakComparison(context: ScenarioContext, operation: OperationSpec): Promise<void> {
  const request = validRequest(operation, context.data) as CallOptions | undefined
  if (!request) return context.skip(notCreated)
  const { operationId } = operation
  const first = await context.client.call(operationId, request)
  const tag = first.response?.headers.etag
  // Held vacuously, and said so: a server with no tags or one that never answers 304 compares none.
  if (!tag) return void context.assert(true, { message: `${operationId} sends no ETag: no tag to compare.` })
  const read = (value: string) =>
    context.client.call(operationId, { ...request, headers: { 'if-none-match': value }, alsoAccepted: [304] })
  const plain = await read(tag)
  if (plain.response?.status !== 304)
    return void context.assert(true, {
      message: `${operationId} answers its own tag with ${statusOf(plain)}: it does not evaluate tags.`,
    })
  for (const value of [otherForm(tag), `${noSuchTag}, ${tag}`]) {
    const exchange = await read(value)
    context.assert(exchange.response?.status === 304, {
      message: `${operationId} answers 304 to if-none-match: ${tag}, but ${statusOf(exchange)} to ${value}`,
      expected: '304, as to the tag alone',
      received: statusOf(exchange),
      exchange,
    })
  }
}

/**
 * OPTIONS selects no representation, so its preconditions are ignored (RFC 9110 section 13.2.1: "a server MUST ignore
 * the conditional request header fields defined by this specification when received with a request method that
 * does not involve the selection or modification of a selected representation, such as CONNECT, OPTIONS, or
 * TRACE"): an OPTIONS with `If-Match` of a tag no representation has, or `If-None-Match: *`, gets what it gets
 * without them, never a 412 or 304.
 */
async function optionsIgnoresPreconditions(context: ScenarioContext, path: InterfacePath): Promise<void> {
  // The read-only transport sends GET and HEAD alone: OPTIONS waits for a run that may send more.
  if (context.client.readOnly) return context.skip('A read-only run sends GET and HEAD only.')
  const request = await requestOnPath(path, 'OPTIONS', context)
  if (!request) return context.skip('No request to this path can be built.')
  const accepted = { ...request, alsoAccepted: [...clientErrors, 304, 412] }
  const plain = await context.client.call(request.operationId, accepted)
  const conditions: Array<[string, string]> = [
    ['if-match', noSuchTag],
    ['if-none-match', '*'],
  ]
  for (const [name, value] of conditions) {
    const exchange = await context.client.call(request.operationId, { ...accepted, headers: { [name]: value } })
    context.assert(exchange.response?.status === plain.response?.status, {
      message: `OPTIONS ${path.path} with ${name}: ${value} got ${statusOf(exchange)}, without it ${statusOf(plain)}`,
      expected: `${statusOf(plain)}, as without the precondition`,
      received: statusOf(exchange),
      exchange,
    })
  }
}

/** Preconditions on every described operation: after authentication and routing, and tags compared weakly. */
export const preconditionScenarios: Array<Scenario> = [
  ...[...reads, ...writes].map(
    (operation): Scenario => ({
      check: 'preconditions_after_checks',
      title: `${operation.operationId} with a precondition and no valid key: 401, never 304 or 412`,
      operationId: operation.operationId,
      basis: standardSays.preconditionsAfterChecks,
      writes: !operation.safe,
      run: (context) => preconditionsAfterChecks(context, operation),
    }),
  ),
  ...interfacePaths.map(
    (path): Scenario => ({
      check: 'preconditions_after_checks',
      title: `OPTIONS ${path.path} with a precondition: what it gets without one, never 412 or 304`,
      operationId: (path.operations[0] ?? { operationId: 'listPets' }).operationId,
      basis: standardSays.preconditionsAfterChecks,
      writes: false,
      run: (context) => optionsIgnoresPreconditions(context, path),
    }),
  ),
  ...reads.map(
    (operation): Scenario => ({
      check: 'weak_etag_comparison',
      title: `${operation.operationId}: If-None-Match compared weakly and read as a list, once tags are evaluated`,
      operationId: operation.operationId,
      basis: standardSays.weakComparison,
      writes: false,
      run: (context) => weakComparison(context, operation),
    }),
  ),
  ...preconditionEvaluationScenarios,
]

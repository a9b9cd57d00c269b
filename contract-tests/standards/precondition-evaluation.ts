import { type OperationSpec, operationList } from '../../spec/operations.ts'
import { namingRole, rolesOf, statefulRoles } from '../../spec/relations.ts'
import { resources } from '../../spec/resources.ts'
import type { OperationId } from '../../spec/types.ts'
import { clientErrors } from '../scenarios/expect-refusal.ts'
import { sendableRequest, validRequest } from '../scenarios/valid-request.ts'
import type { CallOptions } from '../shared/contract-caller.ts'
import { type Exchange, statusOf } from '../shared/exchange.ts'
import type { Scenario, ScenarioContext } from '../shared/scenario.ts'
import { semanticsChoose, semanticsSays } from '../shared/semantics-citations.ts'
import { resolve } from '../values/spec-parameters.ts'
import { fitted } from '../values/string-values.ts'
import { bodyOperations } from './body-operations.ts'

/** A tag no representation has. */
const noSuchTag = '"no-such-tag-7c1d"'
const described = operationList.filter((operation) => operation.described)
const reads = described.filter((operation) => operation.method === 'GET')
const writes = described.filter((operation) => !operation.safe)

const success = (exchange: Exchange) => Math.floor((exchange.response?.status ?? 0) / 100) === 2
const httpDate = (ms: number) => new Date(ms).toUTCString()
/** The fields a 304 carries as the 200 to the same request would (RFC 9110 section 15.4.5), Date aside. */
const keptOn304 = ['cache-control', 'content-location', 'etag', 'expires', 'vary']

/** The request with more header fields, and the statuses a precondition may bring. */
const conditional = (request: CallOptions, headers: Record<string, string>): CallOptions => ({
  ...request,
  headers: { ...request.headers, ...headers },
  alsoAccepted: [...clientErrors, 304, 412],
})

/** The field of free text a write's body is told apart by (its first), and its schema: none when it has none. */
function markerOf(operationId: OperationId) {
  const body = bodyOperations.find(({ operation }) => operation.operationId === operationId)
  const [field] = body?.stringFields ?? []
  return field === undefined ? undefined : { field, schema: resolve(body?.schema.properties?.[field] ?? {}) }
}

/**
 * A request of its own for a write: its field of free text a text no other request of the run gives (the label
 * first, fitted to the field's lengths), so its effect can be seen.
 */
function ownWrite(operationId: OperationId, request: CallOptions, label: string): CallOptions {
  const json = request.json as Record<string, unknown> | undefined
  const marker = markerOf(operationId)
  if (!json || !marker || typeof json[marker.field] !== 'string') return request
  const text = fitted(marker.schema, `${label}-${json[marker.field]}`, 1)
  return { ...request, json: { ...json, [marker.field]: text } }
}

/**
 * A request of a write, of its own: where the operation names a resource (an update, a removal), one created for
 * this request alone, so that a precondition ignored changes or removes nothing another check relies on. Undefined
 * when none can be created.
 */
async function ownRequest(
  context: ScenarioContext,
  operation: OperationSpec,
  label: string,
): Promise<CallOptions | undefined> {
  const request = await sendableRequest(operation, context)
  return request && ownWrite(operation.operationId, request, label)
}

/** The list of what a write creates or names (its resource's `x-collection`), if the spec has one. */
const listOf = (operationId: OperationId) => {
  const creator = namingRole(statefulRoles[operationId])?.creator ?? operationId
  return rolesOf('list').find((role) => role.creator === creator)
}

/**
 * Whether a resource of its resource's list has `text` in `field` (undefined when the page cannot tell: no list,
 * a full page, or not a list), asked with the list's largest page.
 */
async function listed(
  context: ScenarioContext,
  operationId: OperationId,
  field: string,
  text: string,
): Promise<boolean | undefined> {
  const role = listOf(operationId)
  if (!role) return undefined
  const max = role.limit?.maximum ?? Number.POSITIVE_INFINITY
  const query = role.limit ? `${role.limit.parameter}=${role.limit.maximum}` : undefined
  const page = await context.client.call(role.operationId, { query })
  const items = page.response?.json
  if (!Array.isArray(items) || items.length >= max || page.response?.jsonCut) return undefined
  return items.some((item) => (item as Record<string, unknown> | null)?.[field] === text)
}

/**
 * A write refused for its precondition did nothing (RFC 9110 section 13.1.1: "An origin server that evaluates an
 * If-Match condition MUST NOT perform the requested method if the condition evaluates to false"; 13.1.2 alike):
 * the text of its own it sent is not listed after the 412.
 */
async function judgeNothingDone(
  context: ScenarioContext,
  operationId: OperationId,
  exchange: Exchange,
  what: string,
): Promise<void> {
  const marker = markerOf(operationId)
  const text = marker && exchange.request.body && JSON.parse(exchange.request.body)?.[marker.field]
  if (exchange.response?.status !== 412 || !marker || typeof text !== 'string') return
  const found = await listed(context, operationId, marker.field, text)
  if (found === undefined)
    return void context.assert(true, { message: `${what}: no list page can tell (none, or a full one)` })
  const noun = resources[listOf(operationId)?.creator ?? operationId]?.noun ?? 'resource'
  context.assert(!found, {
    message: `${what} got 412, yet the ${noun} with ${marker.field} "${text}" it sent is listed`,
    expected: 'nothing created or changed after a 412',
    received: `${text} listed`,
    exchange,
  })
}

/** Whether an answer carries a strong entity tag: a validator If-Match's strong comparison can match. */
const strongTag = (exchange: Exchange | undefined): boolean => {
  const tag = exchange?.response?.headers.etag
  return tag !== undefined && !tag.startsWith('W/')
}

/**
 * A precondition the service ignores whole. Where the target gives strong entity tags, a violation: a client holding
 * one relies on the 412 to keep its update from being lost (RFC 9110 section 13.1.1, "MUST evaluate the If-Match
 * condition"). Where it gives none or only weak ones, said in the result, not reported: preconditions compare
 * "validators obtained from prior representations" (section 13.1), and If-Match compares strongly, so no validator
 * the service gave can make it true; evaluating and ignoring differ only for a tag the service never gave (decision
 * record 040). The mock and every framework of the conformance corpus give none, or Express's weak ones.
 */
function ignored(context: ScenarioContext, exchange: Exchange, what: string, expected: string, strong: boolean): void {
  if (!strong)
    return void context.assert(true, {
      message: `${what} got ${statusOf(exchange)} (not ${expected}): the precondition is ignored whole`,
    })
  context.assert(false, {
    message: `${what} got ${statusOf(exchange)}: the precondition is ignored, though strong entity tags are given`,
    expected,
    received: `${statusOf(exchange)}, ETag ${exchange.response?.headers.etag ?? 'on its read'}`,
    exchange,
  })
}

/**
 * If-Match and If-None-Match evaluated where the service evaluates them (RFC 9110 sections 13.1.1, 13.1.2, 13.2.2):
 * a read with `If-Match` of a tag it never gave; where that gets 412 (the service evaluates If-Match), its own tag
 * in weak form fails too (the strong comparison), `*` passes, and with `If-None-Match: *` beside it the If-Match
 * comes first (412, never 304). `If-None-Match: *` on a read that exists gets 304 (its fields those of the 200) or,
 * ignored, the 200; never 412. A write with a failing If-Match or `If-None-Match: *` (the list exists) that gets 412
 * created nothing. Where a precondition is ignored (a 2xx to a tag the service never gave), that is a deviation
 * (`semanticsChoose.preconditionsIgnored` says why).
 */
async function ifMatchEvaluated(context: ScenarioContext, operation: OperationSpec): Promise<void> {
  const request = validRequest(operation, context.data) as CallOptions | undefined
  if (!request) return context.skip('No request of this operation can be built.')
  const { operationId } = operation
  const call = (headers: Record<string, string>) => context.client.call(operationId, conditional(request, headers))
  if (!operation.safe) {
    // If-None-Match: * is false only where the target has a representation: a path with a read (a create's list).
    const read = reads.find((candidate) => candidate.path === operation.path)
    const readable = read !== undefined
    const readRequest = read && validRequest(read, context.data)
    const strong = readRequest ? strongTag(await context.client.call(read.operationId, readRequest)) : false
    const preconditions: Array<[string, Record<string, string>]> = [['if-match', { 'if-match': noSuchTag }]]
    if (readable) preconditions.push(['if-none-match', { 'if-none-match': '*' }])
    for (const [label, headers] of preconditions) {
      const what = `${operationId} with ${Object.entries(headers)[0]?.join(': ')}`
      const own = await ownRequest(context, operation, label)
      if (!own) return context.skip(`No ${operationId} of its own can be built (nothing created for it).`)
      const exchange = await context.client.call(operationId, conditional(own, headers))
      if (success(exchange) && label === 'if-match') ignored(context, exchange, what, '412, nothing created', strong)
      else if (success(exchange)) ignored(context, exchange, what, '412, nothing created', false)
      await judgeNothingDone(context, operationId, exchange, what)
    }
    return
  }
  const plain = await context.client.call(operationId, request)
  if (!success(plain)) return context.skip(`The plain request got ${statusOf(plain)}: nothing to compare.`)
  const noSuch = await call({ 'if-match': noSuchTag })
  if (success(noSuch)) ignored(context, noSuch, `${operationId} with If-Match: ${noSuchTag}`, '412', strongTag(plain))
  if (noSuch.response?.status === 412) {
    const tag = plain.response?.headers.etag
    const checks: Array<[string, Record<string, string>, (exchange: Exchange) => boolean, string]> = [
      ['If-Match: *', { 'if-match': '*' }, success, `${statusOf(plain)}: * matches a current representation`],
      [
        `If-Match: ${noSuchTag} and If-None-Match: *`,
        { 'if-match': noSuchTag, 'if-none-match': '*' },
        (exchange) => exchange.response?.status === 412,
        '412: If-Match is evaluated first',
      ],
    ]
    if (tag) {
      const opaque = tag.replace(/^W\//, '')
      checks.push([
        `If-Match: W/${opaque}`,
        { 'if-match': `W/${opaque}` },
        (e) => !success(e),
        '412: a weak tag never matches strongly',
      ])
      if (!tag.startsWith('W/'))
        checks.push([`If-Match: ${tag}`, { 'if-match': tag }, success, `${statusOf(plain)}: its own tag`])
    }
    for (const [what, headers, holds, expected] of checks) {
      const exchange = await call(headers)
      context.assert(holds(exchange), {
        message: `${operationId} evaluates If-Match (412 to a tag never given), with ${what} got ${statusOf(exchange)}`,
        expected,
        received: statusOf(exchange),
        exchange,
      })
    }
  }
  const star = await call({ 'if-none-match': '*' })
  const status = star.response?.status
  context.assert(status !== 412, {
    message: `${operationId} with If-None-Match: * got 412`,
    expected: '304 (the representation exists), or the 200 where the precondition is ignored',
    received: statusOf(star),
    exchange: star,
    basis: semanticsSays.ifNoneMatchStar,
  })
  if (success(star)) ignored(context, star, `${operationId} with If-None-Match: *`, '304', false)
  if (status === 304) {
    const missing = keptOn304.filter(
      (field) => plain.response?.headers[field] !== undefined && star.response?.headers[field] === undefined,
    )
    context.assert(missing.length === 0, {
      message: `${operationId}'s 304 leaves out ${missing.join(', ')}, which its 200 carries`,
      expected: `the ${keptOn304.join(', ')} the 200 would carry`,
      received: missing.map((field) => `no ${field}`).join(', ') || 'all kept',
      exchange: star,
      basis: semanticsSays.notModifiedFields,
    })
  }
}

/**
 * If-Modified-Since and If-Unmodified-Since (RFC 9110 sections 13.1.3, 13.1.4): ignored where the resource has no
 * modification date (no Last-Modified), where the date is no HTTP-date, where If-None-Match or If-Match comes beside
 * them, and If-Modified-Since on a POST: never a 304 or 412 (nor a 400) for them. Where the read sends Last-Modified,
 * the dates are read by its clock: If-Unmodified-Since a second before it fails (412), If-Modified-Since a second
 * before it is no 304, and a create with If-Unmodified-Since of 1970 is refused and creates nothing.
 */
async function datePreconditions(context: ScenarioContext, operation: OperationSpec): Promise<void> {
  const request = validRequest(operation, context.data) as CallOptions | undefined
  if (!request) return context.skip('No request of this operation can be built.')
  const { operationId } = operation
  const target = operation.safe ? operation : (reads.find((read) => read.path === operation.path) ?? operation)
  const read = target.safe
    ? await context.client.call(target.operationId, validRequest(target, context.data) ?? {})
    : undefined
  const modified = read?.response?.headers['last-modified']
  const since = modified === undefined ? Number.NaN : Date.parse(modified)
  const dated = Number.isFinite(since)
  const epoch = httpDate(0)
  const future = httpDate(Date.now() + 86_400_000)
  const plain = operation.safe ? await context.client.call(operationId, request) : undefined
  const expectSame = (exchange: Exchange, what: string) =>
    context.assert(success(exchange) && (plain === undefined || exchange.response?.status === plain.response?.status), {
      message: `${operationId} with ${what} got ${statusOf(exchange)}`,
      expected: `${plain ? statusOf(plain) : 'the success'}, the field ignored`,
      received: statusOf(exchange),
      exchange,
    })
  let label = 0
  const call = async (headers: Record<string, string>) => {
    const own = operation.safe ? request : await ownRequest(context, operation, `dates-${++label}`)
    return context.client.call(operationId, conditional(own ?? request, headers))
  }
  if (!operation.safe && !(await ownRequest(context, operation, 'dates-0')))
    return context.skip(`No ${operationId} of its own can be built (nothing created for it).`)
  const ignoredAlways: Array<[string, Record<string, string>]> = [
    ['If-Unmodified-Since: not a date', { 'if-unmodified-since': 'not a date' }],
  ]
  // If-Match: * is true where the target has a representation (a read of its path): the date beside it is ignored.
  if (read)
    ignoredAlways.push([
      `If-Match: * and If-Unmodified-Since: ${epoch}`,
      { 'if-match': '*', 'if-unmodified-since': epoch },
    ])
  if (operation.safe)
    ignoredAlways.push(
      ['If-Modified-Since: yesterday', { 'if-modified-since': 'yesterday' }],
      [`If-Modified-Since of two dates`, { 'if-modified-since': `${epoch}, ${future}` }],
      [
        `If-None-Match: ${noSuchTag} and If-Modified-Since: ${future}`,
        { 'if-none-match': noSuchTag, 'if-modified-since': future },
      ],
    )
  else ignoredAlways.push([`If-Modified-Since: ${future}`, { 'if-modified-since': future }])
  if (!dated) {
    ignoredAlways.push([`If-Unmodified-Since: ${epoch} (no Last-Modified)`, { 'if-unmodified-since': epoch }])
    if (operation.safe)
      ignoredAlways.push([`If-Modified-Since: ${future} (no Last-Modified)`, { 'if-modified-since': future }])
  }
  for (const [what, headers] of ignoredAlways) expectSame(await call(headers), what)
  if (!dated) return
  const before = httpDate(since - 1_000)
  const unmodified = await call({ 'if-unmodified-since': before })
  context.assert(unmodified.response?.status === 412, {
    message: `${operationId} with If-Unmodified-Since a second before ${modified}: ${statusOf(unmodified)}`,
    expected: '412: modified since then, by its own clock',
    received: statusOf(unmodified),
    exchange: unmodified,
  })
  if (!operation.safe)
    await judgeNothingDone(context, operationId, unmodified, `${operationId} with If-Unmodified-Since: ${before}`)
  if (!operation.safe) return
  const modifiedSince = await call({ 'if-modified-since': before })
  context.assert(modifiedSince.response?.status !== 304, {
    message: `${operationId} with If-Modified-Since a second before its Last-Modified (${modified}) got 304`,
    expected: `${statusOf(read as Exchange)}: modified since then, by its own clock`,
    received: statusOf(modifiedSince),
    exchange: modifiedSince,
  })
  const same = await call({ 'if-modified-since': modified as string })
  if (same.response?.status !== 304)
    context.observe({
      message: `${operationId} with If-Modified-Since equal to its Last-Modified got ${statusOf(same)}`,
      expected: '304 (RFC 9110 section 13.1.3: the origin server SHOULD evaluate it)',
      received: statusOf(same),
      exchange: same,
      basis: semanticsChoose.modifiedSinceEvaluated,
    })
}

/** The evaluation of preconditions on every described operation: If-Match and If-None-Match, and the date ones. */
export const preconditionEvaluationScenarios: ReadonlyArray<Scenario> = [
  ...[...reads, ...writes].map(
    (operation): Scenario => ({
      check: 'if_match_evaluated',
      title: `${operation.operationId} evaluates If-Match and If-None-Match before acting, or ignores them whole`,
      operationId: operation.operationId,
      basis: semanticsSays.ifMatch,
      writes: !operation.safe,
      run: (context) => ifMatchEvaluated(context, operation),
    }),
  ),
  ...[...reads, ...writes].map(
    (operation): Scenario => ({
      check: 'date_preconditions',
      title: `${operation.operationId} reads If-Modified-Since and If-Unmodified-Since only where it has a date`,
      operationId: operation.operationId,
      basis: semanticsSays.dateConditions,
      writes: !operation.safe,
      run: (context) => datePreconditions(context, operation),
    }),
  ),
]

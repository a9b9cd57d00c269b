import { stringifyJson } from '../../spec/json/stringify-json.ts'
import { operations } from '../../spec/operations.ts'
import { rolesOf, type StatefulRole } from '../../spec/relations.ts'
import { type ResourceSpec, resources } from '../../spec/resources.ts'
import { validRequest } from '../scenarios/valid-request.ts'
import { resourceBasis, specChooses, standardSays } from '../shared/citations.ts'
import { type Exchange, statusOf } from '../shared/exchange.ts'
import type { Scenario, ScenarioContext } from '../shared/scenario.ts'

export type ListRole = StatefulRole & { kind: 'list' }
type Body = Record<string, unknown>

/** HTTP dates count whole seconds: a write this long after an answer is newer than any date it gave. */
const pastItsSecond = 1_100

/** How long a cache may reuse an answer without asking again (RFC 9111 section 4.2.1), in seconds; 0 for none. */
export function freshnessLifetime(headers: Readonly<Record<string, string>>): number {
  const cacheControl = (headers['cache-control'] ?? '').toLowerCase()
  if (/(?:^|,)\s*(?:no-store|no-cache)\b/.test(cacheControl)) return 0
  const directive = (name: string) => {
    const seconds = new RegExp(`(?:^|,)\\s*${name}\\s*=\\s*"?(\\d+)`).exec(cacheControl)?.[1]
    return seconds === undefined ? undefined : Number(seconds)
  }
  const age = directive('s-maxage') ?? directive('max-age')
  if (age !== undefined) return age
  const expires = Date.parse(headers.expires ?? '')
  const date = Date.parse(headers.date ?? '')
  return Number.isNaN(expires) ? 0 : Math.max(0, (expires - (Number.isNaN(date) ? Date.now() : date)) / 1000)
}

/** Whether a page holds the resource, or (`undefined`) it cannot tell: the page is full, or not a list. */
function holds(exchange: Exchange, idField: string, id: unknown, limit: number): boolean | undefined {
  const page = exchange.response?.json
  if (exchange.response?.status !== 200 || !Array.isArray(page)) return undefined
  if ((page as Array<Body>).some((item) => stringifyJson(item?.[idField]) === stringifyJson(id))) return true
  // Nor can a list the client kept an excerpt of (thousands of items): what it left out may hold the resource.
  return page.length < limit && !exchange.response.jsonCut ? false : undefined
}

/** A list query whose page the target answers shorter than its limit: every match in it, a new one included. */
export async function completeQuery(
  context: ScenarioContext,
  role: ListRole,
): Promise<{ query: string; body: Body; first: Exchange } | undefined> {
  const limit = role.limit ? `${role.limit.parameter}=${role.limit.maximum}` : ''
  const filtered = role.filters.flatMap(({ parameter, field, values }) =>
    values.map((value) => ({ query: `${parameter}=${encodeURIComponent(value)}`, body: { [field]: value } })),
  )
  for (const { query, body } of [...filtered, { query: '', body: {} }]) {
    const full = [query, limit].filter(Boolean).join('&')
    const first = await context.client.call(role.operationId, { query: full || undefined })
    const page = first.response?.json
    const max = role.limit?.maximum ?? Number.POSITIVE_INFINITY
    const whole = first.response?.status === 200 && Array.isArray(page) && !first.response.jsonCut
    if (whole && page.length < max) return { query: full, body, first }
  }
  return undefined
}

/** Why the check is skipped on a store whose every list page is full (a proof tells this skip from others). */
export const everyPageFull = 'Every page of the list is full: a new resource need not show in any of them.'
/**
 * A 304 or a cached answer never hides a write the run made (RFC 9110 section 13, RFC 9111): a list read
 * with the validators it gave (`If-None-Match`, `If-Modified-Since`) after the run added a resource to it must
 * come back whole with it, not as 304 nor as a page the server kept from before. An answer that said it
 * stays fresh for a while, and did not, is a deviation: RFC 9111 section 4.2 binds the caches that would have
 * served it, not the origin server. Conditional requests before the write may get a 304 or a 200: both are right.
 */
async function noStaleRead(context: ScenarioContext, role: ListRole): Promise<void> {
  const chosen = await completeQuery(context, role)
  if (!chosen) return context.skip(everyPageFull)
  const { query, body, first } = chosen
  const max = role.limit?.maximum ?? Number.POSITIVE_INFINITY
  const headers = first.response?.headers ?? {}
  const validators: Array<[string, string]> = [
    ...(headers.etag ? [['if-none-match', headers.etag] as [string, string]] : []),
    ['if-modified-since', headers['last-modified'] ?? headers.date ?? new Date().toUTCString()],
  ]
  const read = (extra: Record<string, string> = {}) =>
    context.client.call(role.operationId, { query: query || undefined, headers: extra, alsoAccepted: [304] })
  for (const [name, value] of validators) await read({ [name]: value })
  const lifetime = freshnessLifetime(headers)
  const readAt = performance.now()
  await new Promise((resolve) => setTimeout(resolve, pastItsSecond))
  const creation = validRequest(operations[role.creator], context.data)
  const sent = { ...(creation?.json as Body), ...body }
  const created = await context.client.call(role.creator, { ...creation, json: sent })
  const { noun, idField } = resources[role.creator] as ResourceSpec
  const id = (created.response?.json as Body | undefined)?.[idField]
  if (!created.response || created.response.status >= 300 || id === undefined)
    return context.skip(`The ${noun} to change the list could not be created (${statusOf(created)}).`)
  for (const [name, value] of validators) {
    const exchange = await read({ [name]: value })
    const status = exchange.response?.status
    context.assert(status !== 304, {
      message:
        `${role.operationId}?${query} with ${name}: ${value} answers 304 ` +
        `after the run added ${noun} ${String(id)}`,
      expected: `200 with the ${noun} it added`,
      received: '304 Not Modified',
      exchange,
      basis: standardSays.notModified,
    })
    if (holds(exchange, idField, id, max) === false)
      context.assert(false, {
        message:
          `${role.operationId}?${query} with ${name} answers a page ` +
          `without ${noun} ${String(id)}, added before it`,
        expected: `the ${noun} ${String(id)}: the page is shorter than its limit`,
        received: exchange.response?.bodyText.slice(0, 200),
        exchange,
        basis: resourceBasis(resources[role.creator] as ResourceSpec).limit,
      })
  }
  const again = await read()
  const elapsed = (performance.now() - readAt) / 1000
  if (lifetime > elapsed && holds(again, idField, id, max))
    context.observe({
      message:
        `${role.operationId}?${query} was answered fresh for ${lifetime} s ` +
        `(${headers['cache-control'] ?? headers.expires}); ` +
        `a cache would have served it without ${noun} ${String(id)}, added ${elapsed.toFixed(1)} s later`,
      expected: 'an answer no cache reuses after a write (no-cache, max-age=0, or no freshness)',
      received: headers['cache-control'] ?? `Expires: ${headers.expires}`,
      exchange: first,
      basis: specChooses.noFreshLists,
    })
}

/** For every list of the spec (`x-collection`): no conditional or cached read hides what the run adds. */
export const staleReadScenarios: Array<Scenario> = rolesOf('list').map(
  (role): Scenario => ({
    check: 'no_stale_read',
    title: `${role.operationId} after a create: never a 304 or a cacheable answer that hides the new ${
      (resources[role.creator] as ResourceSpec).noun
    }`,
    operationId: role.operationId,
    basis: standardSays.notModified,
    writes: true,
    explores: true,
    // It reads a page that holds every match before and after its own create: no other check writes meanwhile.
    alone: true,
    run: (context) => noStaleRead(context, role),
  }),
)

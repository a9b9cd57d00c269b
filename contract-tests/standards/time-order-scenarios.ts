import { stringifyJson } from '../../spec/json/stringify-json.ts'
import { operations } from '../../spec/operations.ts'
import { rolesOf, type StatefulRole } from '../../spec/relations.ts'
import { type ResourceSpec, resourceOf, resources } from '../../spec/resources.ts'
import type { OperationId } from '../../spec/types.ts'
import { defaultExploreOptions } from '../generate/explore-options.ts'
import { clientErrors } from '../scenarios/expect-refusal.ts'
import { validRequest } from '../scenarios/valid-request.ts'
import { resourceBasis } from '../shared/citations.ts'
import { type Exchange, statusOf } from '../shared/exchange.ts'
import type { ExploreOptions } from '../shared/explore-options.ts'
import { sameFields } from '../shared/same-fields.ts'
import type { Scenario, ScenarioContext } from '../shared/scenario.ts'
import { idsAfter } from '../values/query-values.ts'
import { resolve } from '../values/spec-parameters.ts'
import { fitted } from '../values/string-values.ts'
import { bodyOperations } from './body-operations.ts'
import { type ReadDifference, readEverywhere } from './read-everywhere.ts'

type Body = Record<string, unknown>
type CreateRole = StatefulRole & { kind: 'create' }
type ListRole = StatefulRole & { kind: 'list' }

/** How many ids past a new one are read before the next create: enough for the creates of others meanwhile. */
const idWindow = 16
/** Creates sent at once while lists are taken. */
const inFlight = 6

/** The resource a creator makes (`spec/resources.ts`). */
const kindOf = (creator: OperationId) => resources[creator] as ResourceSpec

/** Typical bodies of a creator, each named after the run and `label`, its list filters cycling through their values. */
function bodiesOf(context: ScenarioContext, creator: OperationId, label: string, count: number): Array<Body> {
  const base = (validRequest(operations[creator], context.data)?.json ?? {}) as Body
  const body = bodyOperations.find(({ operation }) => operation.operationId === creator)
  const texts = body?.stringFields ?? []
  const schemaOf = (field: string) => resolve(body?.schema.properties?.[field] ?? {})
  const filters = rolesOf('list')
    .filter((list) => list.creator === creator)
    .flatMap((list) => list.filters)
  return Array.from({ length: count }, (_, index) => ({
    ...base,
    ...Object.fromEntries(
      texts.map((field) => [field, fitted(schemaOf(field), `${context.data.runTag}-${label}-${index}`, index)]),
    ),
    ...Object.fromEntries(filters.map(({ field, values }) => [field, values[index % values.length]])),
  }))
}

/** Creates one resource; the answer when it is a documented success with an id, else undefined. */
async function create(context: ScenarioContext, role: CreateRole, body: Body): Promise<Body | undefined> {
  const exchange = await context.client.call(role.operationId, { json: body })
  const created = exchange.response?.json as Body | undefined
  const kind = kindOf(role.operationId)
  const ok = exchange.response?.status === role.status && created?.[kind.idField] !== undefined
  return context.assert(ok, {
    message: `a typical ${role.operationId} got ${statusOf(exchange)}`,
    expected: String(role.status),
    received: exchange.response?.bodyText.slice(0, 200),
    exchange,
    basis: resourceBasis(kind).created,
  })
    ? (created as Body)
    : undefined
}

const failWith = (context: ScenarioContext, when: string, difference: ReadDifference | undefined): boolean =>
  difference === undefined || !context.assert(false, { ...difference, message: `${when}: ${difference.message}` })

/**
 * An id read before it exists, then after a create gives it out: the 404 it got before is no answer now. The
 * ids just past a new one are read first (404, or somebody else's), then one more is created: when it gets
 * one of them, as a server numbering in sequence does, it reads back like any other.
 */
async function readBeforeAndAfter(context: ScenarioContext, role: CreateRole): Promise<void> {
  const [first, second] = bodiesOf(context, role.operationId, 'before', 2) as [Body, Body]
  const made = await create(context, role, first)
  if (!made) return
  const reads = rolesOf('read').filter((read) => read.creator === role.operationId)
  const kind = kindOf(role.operationId)
  const start = made[kind.idField]
  const id = (resource: Body) => String(resource[kind.idField])
  // The ids just past it, where ids come in sequence (integers); none where they are drawn (UUIDs).
  const window = idsAfter(kind.id.schema, String(start), idWindow)
  const absent = new Set<string>()
  for (const read of reads)
    await Promise.all(
      window.map(async (id) => {
        const exchange = await context.client.call(read.operationId, {
          params: { [read.link.parameter]: id },
          alsoAccepted: clientErrors,
          record: false,
        })
        if (exchange.response?.status === 404 || exchange.response?.status === 410) absent.add(id)
      }),
    )
  const next = await create(context, role, second)
  if (!next) return
  const seen = absent.has(id(next))
  const when = seen ? `${id(next)}, read as missing before its create` : `the new ${id(next)}`
  const why = window.length > 0 ? 'taken by others' : 'not in a sequence'
  if (failWith(context, when, await readEverywhere(context.client, role.operationId, next, second)))
    context.assert(true, {
      message: seen
        ? `${id(next)} read as missing before its create reads back after it`
        : `${id(next)} reads back; the ids past ${String(start)} read before it were ${why}`,
    })
}

/** Reads right after each create, through every read and list: nothing the target acknowledged may be missing. */
async function readRightAfter(context: ScenarioContext, role: CreateRole): Promise<void> {
  for (const body of bodiesOf(context, role.operationId, 'just-created', 3)) {
    const made = await create(context, role, body)
    if (!made) continue
    const difference = await readEverywhere(context.client, role.operationId, made, body)
    if (!failWith(context, `right after its create, ${String(made[kindOf(role.operationId).idField])}`, difference))
      return
  }
}

/** Reads a new resource, waits `pauseMs`, and reads it again: what a read gave must still be there. */
async function readAfterPause(context: ScenarioContext, role: CreateRole, pauseMs: number): Promise<void> {
  const [body] = bodiesOf(context, role.operationId, 'kept', 1) as [Body]
  const made = await create(context, role, body)
  if (!made) return
  const id = String(made[kindOf(role.operationId).idField])
  if (
    !failWith(
      context,
      `right after its create, ${id}`,
      await readEverywhere(context.client, role.operationId, made, body),
    )
  )
    return
  await new Promise((resolve) => setTimeout(resolve, pauseMs))
  const later = await readEverywhere(context.client, role.operationId, made, body)
  failWith(context, `${pauseMs} ms after it was read, ${id}`, later)
}

/**
 * Lists taken while creates are in flight show only complete resources, each once: a resource the run is
 * creating is listed with every field it was sent, or not at all; no id appears twice in a page.
 */
async function listDuringCreates(context: ScenarioContext, role: ListRole): Promise<void> {
  const creator = rolesOf('create').find((candidate) => candidate.operationId === role.creator)
  if (!creator) return context.skip('The list has no creator to create with.')
  const bodies = bodiesOf(context, creator.operationId, 'in-flight', inFlight)
  let settled = false
  const creates = Promise.all(
    bodies.map((json) => context.client.call(creator.operationId, { json, record: false })),
  ).finally(() => {
    settled = true
  })
  // A list that fails below leaves this promise unawaited: its failure is the scenario's, never an unhandled one.
  creates.catch(() => {})
  const limit = role.limit ? `${role.limit.parameter}=${role.limit.maximum}` : ''
  const queries = [
    limit,
    ...role.filters.flatMap(({ parameter, values }) =>
      values.map((value) => [`${parameter}=${value}`, limit].filter(Boolean).join('&')),
    ),
  ]
  const pages: Array<Exchange> = []
  while (!settled && pages.length < 4 * queries.length)
    pages.push(
      ...(await Promise.all(
        queries.map((query) => context.client.call(role.operationId, { query: query || undefined, record: false })),
      )),
    )
  const kind = kindOf(creator.operationId)
  const basis = resourceBasis(kind)
  const idOf = (item: Body | undefined) => String(item?.[kind.idField])
  const sent = new Map<string, Body>()
  for (const [index, exchange] of (await creates).entries())
    if (exchange.response?.status === creator.status)
      sent.set(idOf(exchange.response.json as Body | undefined), bodies[index] as Body)
  for (const page of pages) {
    if (page.results.some((result) => result.outcome === 'failed')) context.client.keep(page)
    const items = Array.isArray(page.response?.json) ? (page.response.json as Array<Body>) : []
    const ids = items.map(idOf)
    const twice = ids.find((id, index) => ids.indexOf(id) !== index)
    if (twice !== undefined)
      return void context.assert(false, {
        message: `${twice} appears twice in one page taken while creates were in flight`,
        expected: 'each resource once',
        received: ids.join(', '),
        exchange: page,
        basis: basis.uniqueId,
      })
    const partial = items.find((item) => sent.has(idOf(item)) && !sameFields(item, sent.get(idOf(item)) as Body))
    if (partial)
      return void context.assert(false, {
        message: `${idOf(partial)} is listed while its create was in flight with other fields than it was sent`,
        expected: stringifyJson(sent.get(idOf(partial))),
        received: stringifyJson(partial),
        exchange: page,
        basis: basis.read,
      })
  }
  context.assert(true, {
    message: `${pages.length} lists taken during ${inFlight} creates held only complete resources, each once`,
  })
}

/**
 * Time and order, from the spec's relations: an id read before and after it exists, reads right after a
 * create, a read repeated after a pause (`pauseMs`: short by default, longer for a nightly run), and lists
 * taken while creates are in flight. Every one runs in every run.
 * @example timeOrderScenarios(exploreOptions({ pauseMs: 60_000 }))
 */
export function timeOrderScenarios(options: Pick<ExploreOptions, 'pauseMs'>): Array<Scenario> {
  const pauseMs = options.pauseMs ?? defaultExploreOptions.pauseMs ?? 1_000
  const creators = rolesOf('create').filter((role) => rolesOf('read').some((read) => read.creator === role.operationId))
  const scenario = (check: string, title: string, operationId: OperationId, run: Scenario['run']): Scenario => ({
    check,
    title,
    operationId,
    basis: resourceBasis(resourceOf(operationId) as ResourceSpec).read,
    writes: true,
    explores: true,
    run,
  })
  return [
    ...creators.flatMap((role) => [
      scenario(
        'read_before_and_after_create',
        `an id of ${role.operationId} read before it exists, and again once it does, reads back`,
        role.operationId,
        (context) => readBeforeAndAfter(context, role),
      ),
      scenario(
        'read_after_create',
        `what ${role.operationId} created reads back at once, through every read and list`,
        role.operationId,
        (context) => readRightAfter(context, role),
      ),
      scenario(
        'read_after_pause',
        `what ${role.operationId} created still reads back ${pauseMs} ms after it was read`,
        role.operationId,
        (context) => readAfterPause(context, role, pauseMs),
      ),
    ]),
    ...rolesOf('list').map((role) =>
      scenario(
        'list_during_creates',
        `${role.operationId} taken while creates are in flight lists only complete resources, each once`,
        role.operationId,
        (context) => listDuringCreates(context, role),
      ),
    ),
  ]
}

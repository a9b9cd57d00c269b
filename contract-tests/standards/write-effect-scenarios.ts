import { stringifyJson } from '../../spec/json/stringify-json.ts'
import { operations } from '../../spec/operations.ts'
import { rolesOf } from '../../spec/relations.ts'
import { type ResourceSpec, resources } from '../../spec/resources.ts'
import { clientErrors } from '../scenarios/expect-refusal.ts'
import { validRequest } from '../scenarios/valid-request.ts'
import { interfaceSays, resourceBasis, standardSays } from '../shared/citations.ts'
import { type Exchange, statusOf } from '../shared/exchange.ts'
import { originOf } from '../shared/origin-of.ts'
import type { Scenario, ScenarioContext } from '../shared/scenario.ts'
import { requestBodySchema, resolve } from '../values/spec-parameters.ts'
import { fitted } from '../values/string-values.ts'
import { bodyOperations } from './body-operations.ts'
import { completeQuery, everyPageFull, type ListRole } from './stale-read-scenarios.ts'

type Body = Record<string, unknown>

/**
 * A body the creator must refuse with 400: its first required integer field holding a string, else a required
 * field other than `kept` left out.
 */
function invalidBody(creator: ListRole['creator'], body: Body, kept: string): Body {
  const schema = requestBodySchema(creator)
  const required = schema?.required ?? []
  const integer = required.find((name) => schema?.properties?.[name]?.type === 'integer')
  if (integer !== undefined) return { ...body, [integer]: 'not a number' }
  const { [required.find((name) => name !== kept) ?? '']: _left, ...rest } = body
  return rest
}

/** The items of a list page whose `field` is `text`, or undefined when the page is not a list, is full or is cut. */
function named(page: Exchange, field: string, text: string, max: number): Array<Body> | undefined {
  const items = page.response?.json
  if (page.response?.status !== 200 || !Array.isArray(items) || items.length >= max || page.response.jsonCut)
    return undefined
  return (items as Array<Body>).filter((item) => item?.[field] === text)
}

/**
 * What one create adds, seen in a list whose page holds every match (shorter than its limit): a create refused
 * without the key (RFC 9110 section 15.5.2: "the request has not been applied") or with an invalid body (the
 * interface's 400; section 15.5.1) adds nothing, and one create answered with its success adds exactly that one, not
 * a second copy under another id. Each request carries a text of its own (in its first field of free text), so the
 * list tells them apart from every other writer's; a store whose every page is full cannot show it (skipped, as
 * `no_stale_read` is).
 */
async function judgeWriteEffects(context: ScenarioContext, role: ListRole): Promise<void> {
  const { noun, plural, idField } = resources[role.creator] as ResourceSpec
  const body = bodyOperations.find(({ operation }) => operation.operationId === role.creator)
  const [field] = body?.stringFields ?? []
  if (field === undefined) return context.skip(`A ${noun} has no field of free text to tell the run's apart.`)
  const chosen = await completeQuery(context, role)
  if (!chosen) return context.skip(everyPageFull)
  const max = role.limit?.maximum ?? Number.POSITIVE_INFINITY
  const creation = validRequest(operations[role.creator], context.data)
  if (!creation) return context.skip('No request of the creator can be built.')
  const tag = (what: string) =>
    fitted(resolve(body?.schema.properties?.[field] ?? {}), `${context.data.runTag}-${what}`, 1)
  const base = { ...(creation.json as Body), ...chosen.body }
  const refusedKey = await context.client.call(role.creator, {
    ...creation,
    json: { ...base, [field]: tag('no-key') },
    authorization: null,
    alsoAccepted: clientErrors,
  })
  const refusedBody = await context.client.call(role.creator, {
    ...creation,
    json: invalidBody(role.creator, { ...base, [field]: tag('invalid') }, field),
    alsoAccepted: clientErrors,
  })
  const created = await context.client.call(role.creator, { ...creation, json: { ...base, [field]: tag('once') } })
  const id = (created.response?.json as Body | undefined)?.[idField]
  await locationNamesCreated(context, role, created, id)
  const page = await context.client.call(role.operationId, { query: chosen.query || undefined })
  const expectations: Array<[Exchange, string, number]> = [
    [refusedKey, tag('no-key'), 0],
    [refusedBody, tag('invalid'), 0],
    [created, tag('once'), 1],
  ]
  for (const [exchange, name, count] of expectations) {
    const status = exchange.response?.status ?? 0
    // Only what the status says: a refusal adds nothing, a 201 adds one; anything else other checks judge.
    if (count === 0 ? status < 400 || status >= 500 : status < 200 || status >= 300) continue
    const found = named(page, field, name, max)
    if (found === undefined) return context.skip(`The list page filled up while the run wrote (${statusOf(page)}).`)
    context.assert(found.length === count, {
      message:
        count === 0
          ? `${role.creator} answered ${status} to a ${noun} with ${field} "${name}", yet ${role.operationId} lists it`
          : `one ${role.creator} answered ${status} (id ${stringifyJson(id)}), yet ${role.operationId} lists ` +
            `${found.length} ${plural} with ${field} "${name}"`,
      expected: `${count} ${count === 1 ? noun : plural} with ${field} "${name}"`,
      received: stringifyJson(found.map((item) => item[idField])),
      exchange: page,
      basis:
        count === 0 ? interfaceSays.refusedAddsNothing : resourceBasis(resources[role.creator] as ResourceSpec).addsOne,
    })
  }
}

/**
 * A `Location` on a create's 201 names the resource created (RFC 9110 section 15.3.2: "the primary resource created
 * by the request is identified by either a Location header field in the response or, if no Location header field is
 * received, by the target URI"): read there with the key, it is that resource. No `Location` is the interface's
 * silence, nothing to judge; one that leads elsewhere (a path without the base's `/v1`, another host) is a defect
 * every client that follows it meets. One of another origin than the read's API is not followed: as for a redirect,
 * the key is never sent there.
 */
async function locationNamesCreated(
  context: ScenarioContext,
  role: ListRole,
  created: Exchange,
  id: unknown,
): Promise<void> {
  const location = created.response?.headers.location
  const read = rolesOf('read').find((candidate) => candidate.creator === role.creator)
  const createdStatus = resources[role.creator]?.createdStatus
  if (location === undefined || created.response?.status !== createdStatus || id === undefined || !read) return
  let target: string
  try {
    target = new URL(location, created.request.url).href
  } catch {
    target = ''
  }
  // The read's own API gives the origin it is read at: the key is never sent to another (as for a redirect).
  const origin = originOf(context.client, read.operationId)
  const elsewhere = target !== '' && new URL(target).origin !== origin
  const named =
    target && !elsewhere
      ? await context.client.call(read.operationId, {
          params: { [read.link.parameter]: String(id) },
          rewriteUrl: () => target,
          alsoAccepted: clientErrors,
        })
      : undefined
  const answer = named?.response?.json as Body | undefined
  context.assert(named?.response?.status === 200 && stringifyJson(answer?.[read.link.field]) === stringifyJson(id), {
    message:
      `${role.creator} answered 201 with Location: ${location}, which ` +
      (named
        ? `answers ${statusOf(named)} rather than the ${resources[role.creator]?.noun} created`
        : elsewhere
          ? `names another origin than ${read.operationId}'s API (${origin}): not followed, the key is never sent there`
          : 'is no URI reference'),
    expected: `200 with ${read.link.field} ${stringifyJson(id)} at ${target || location}`,
    received: named ? `${statusOf(named)} ${named.response?.bodyText.slice(0, 120) ?? ''}` : location,
    exchange: named ?? created,
    basis: standardSays.locationOfCreated,
  })
}

/** For every list of the spec (`x-collection`) and its creator: what one create adds, what a refused one does not. */
export const writeEffectScenarios: Array<Scenario> = rolesOf('list').map(
  (role): Scenario => ({
    check: 'create_adds_exactly_one',
    title:
      `${role.creator} adds exactly the one resource it answers ${resources[role.creator]?.createdStatus} for, ` +
      'and none when refused with 400 or 401',
    operationId: role.creator,
    basis: resourceBasis(resources[role.creator] as ResourceSpec).addsOne,
    writes: true,
    explores: true,
    // It counts a page that holds every match: no other check of the run writes meanwhile.
    alone: true,
    run: (context) => judgeWriteEffects(context, role),
  }),
)

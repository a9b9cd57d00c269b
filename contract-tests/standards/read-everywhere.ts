import { stringifyJson } from '../../spec/json/stringify-json.ts'
import { rolesOf } from '../../spec/relations.ts'
import { type ResourceSpec, resources } from '../../spec/resources.ts'
import type { OperationId } from '../../spec/types.ts'
import { resourceBasis } from '../shared/citations.ts'
import type { ContractCaller } from '../shared/contract-caller.ts'
import { type Basis, type Exchange, statusOf } from '../shared/exchange.ts'
import { linkBasis } from '../stateful/read-resource.ts'

type Body = Readonly<Record<string, unknown>>

/** A read that did not give back what was created: where, and the sentence it breaks. */
export interface ReadDifference {
  message: string
  expected: string
  received?: string
  exchange: Exchange
  basis: Basis
}

const same = (a: unknown, b: unknown): boolean => stringifyJson(a ?? null) === stringifyJson(b ?? null)

/** The first of `fields` that `read` holds otherwise than `sent`. */
const changed = (read: Body | undefined, sent: Body, fields: ReadonlyArray<string>) =>
  fields.find((field) => !same(read?.[field], sent[field]))

/** A resource the run created: what the creator answered, what it was sent, and the fields to compare. */
export interface CreatedResource {
  created: Body
  sent: Body
  fields: ReadonlyArray<string>
}

/**
 * Reads resources `creator` created through every read the spec links from it (each by its id) and every list
 * of what it creates (filtered by the values each was sent with, and unfiltered, at the largest page: each
 * page asked once for all of them), and compares their `fields` with what was sent, exactly. A list shows a
 * resource or, when its page is shorter than its limit, must. Returns the first difference of each.
 * @example const [difference] = await readAllEverywhere(client, 'createPet', [{ created, sent, fields: ['name'] }])
 */
export async function readAllEverywhere(
  client: ContractCaller,
  creator: OperationId,
  created: ReadonlyArray<CreatedResource>,
): Promise<Array<ReadDifference | undefined>> {
  const differences: Array<ReadDifference | undefined> = created.map(() => undefined)
  const reads = rolesOf('read').filter((read) => read.creator === creator)
  await Promise.all(
    created.map(async ({ created: answered, sent, fields }, index) => {
      for (const role of reads) {
        const id = answered[role.link.field] as string | number | bigint
        const exchange = await client.call(role.operationId, { params: { [role.link.parameter]: id } })
        const read = exchange.response?.json as Body | undefined
        // null: not read at all; a field's name: read with that field changed.
        const field = exchange.response?.status === 200 ? changed(read, sent, fields) : null
        if (field === undefined || differences[index]) continue
        const how = field === null ? `as ${statusOf(exchange)}` : `with "${field}" changed`
        differences[index] = {
          message: `what ${creator} created (${String(id)}) reads back through ${role.operationId} ${how}`,
          expected: `200 with ${stringifyJson(sent)}`,
          received: exchange.response?.bodyText.slice(0, 300),
          exchange,
          basis: linkBasis(role),
        }
      }
    }),
  )
  for (const role of rolesOf('list').filter((list) => list.creator === creator)) {
    const limit = role.limit ? `${role.limit.parameter}=${role.limit.maximum}` : ''
    const queriesOf = ({ sent }: CreatedResource) => {
      const filtered = role.filters
        .filter(({ field }) => typeof sent[field] === 'string')
        .map(({ parameter, field }) => `${parameter}=${encodeURIComponent(String(sent[field]))}`)
      return [...new Set([[...filtered, limit].filter(Boolean).join('&'), limit])]
    }
    const queries = [...new Set(created.flatMap(queriesOf))]
    const pages = await Promise.all(
      queries.map((query) => client.call(role.operationId, { query: query || undefined })),
    )
    const kind = resources[creator] as ResourceSpec
    created.forEach((resource, index) => {
      for (const query of queriesOf(resource))
        differences[index] ??= inList(pages[queries.indexOf(query)] as Exchange, kind, role, query, resource)
    })
  }
  return differences
}

/**
 * `readAllEverywhere` for one resource: its first difference, or undefined when every read gave it back.
 * @example const difference = await readEverywhere(client, 'createPet', created, sent, ['name'])
 */
export async function readEverywhere(
  client: ContractCaller,
  creator: OperationId,
  created: Body,
  sent: Body,
  fields: ReadonlyArray<string> = Object.keys(sent),
): Promise<ReadDifference | undefined> {
  const [difference] = await readAllEverywhere(client, creator, [{ created, sent, fields }])
  return difference
}

function inList(
  exchange: Exchange,
  resource: ResourceSpec,
  { operationId, limit: rule }: { operationId: OperationId; limit?: { parameter: string } },
  query: string,
  { created, sent, fields }: CreatedResource,
): ReadDifference | undefined {
  const page = exchange.response?.json
  if (exchange.response?.status !== 200 || !Array.isArray(page)) return undefined // the registry judges it
  const { idField } = resource
  const listed = (page as Array<Body>).find((item) => same(item?.[idField], created[idField]))
  const sentLimit = rule && new URLSearchParams(query).get(rule.parameter)
  const limit = sentLimit ? Number(sentLimit) : Number.POSITIVE_INFINITY
  // A list the client kept an excerpt of (thousands of items) cannot tell what it lacks: its checks judge its length.
  if (!listed && page.length < limit && !exchange.response.jsonCut)
    return {
      message:
        `what was created (${String(created[idField])}) is missing from ${operationId}?${query} ` + `(${page.length})`,
      expected: `every match, the page being shorter than its limit of ${limit}`,
      received: `${page.length} items without it`,
      exchange,
      basis: resourceBasis(resource).limit,
    }
  const field = listed && changed(listed, sent, fields)
  if (!listed || field === undefined) return undefined
  return {
    message:
      `what was created (${String(created[idField])}) is listed by ${operationId}?${query} ` +
      `with "${field}" changed`,
    expected: stringifyJson(sent[field]),
    received: stringifyJson(listed[field]),
    exchange,
    basis: resourceBasis(resource).read,
  }
}

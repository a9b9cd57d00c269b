import { stringifyJson } from '../../spec/json/stringify-json.ts'
import { rolesOf } from '../../spec/relations.ts'
import type { OperationId } from '../../spec/types.ts'
import { interfaceSays } from '../model/citations.ts'
import type { ContractCaller } from '../model/contract-caller.ts'
import { type Basis, type Exchange, statusOf } from '../model/exchange.ts'
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

/**
 * Reads a resource `creator` created through every read the spec links from it (by its id) and every list of
 * what it creates (filtered by the values it was sent with, and unfiltered, at the largest page), and compares
 * `fields` with what was sent, exactly. A list shows it or, when its page is shorter than its limit, must.
 * Returns the first difference, or undefined when every read gave it back.
 * @example const difference = await readEverywhere(client, 'createPet', created, sent, ['name'])
 */
export async function readEverywhere(
  client: ContractCaller,
  creator: OperationId,
  created: Body,
  sent: Body,
  fields: ReadonlyArray<string> = Object.keys(sent),
): Promise<ReadDifference | undefined> {
  for (const role of rolesOf('read').filter((read) => read.creator === creator)) {
    const id = created[role.link.field] as string | number | bigint
    const exchange = await client.call(role.operationId, { params: { [role.link.parameter]: id } })
    const read = exchange.response?.json as Body | undefined
    const field = exchange.response?.status === 200 ? changed(read, sent, fields) : 'status'
    if (field !== undefined)
      return {
        message: `what ${creator} created (${String(id)}) reads back by ${role.operationId}: ${statusOf(exchange)}`,
        expected: `200 with ${stringifyJson(sent)}`,
        received: exchange.response?.bodyText.slice(0, 300),
        exchange,
        basis: linkBasis(role),
      }
  }
  for (const role of rolesOf('list').filter((list) => list.creator === creator)) {
    const filters = role.filters.filter(({ field }) => typeof sent[field] === 'string')
    const limit = role.limit ? `${role.limit.parameter}=${role.limit.maximum}` : ''
    const filtered = filters.map(({ parameter, field }) => `${parameter}=${encodeURIComponent(String(sent[field]))}`)
    for (const query of [...new Set([[...filtered, limit].filter(Boolean).join('&'), limit])]) {
      const difference = await readInList(client, role.operationId, query, created, sent, fields)
      if (difference) return difference
    }
  }
  return undefined
}

async function readInList(
  client: ContractCaller,
  operationId: OperationId,
  query: string,
  created: Body,
  sent: Body,
  fields: ReadonlyArray<string>,
): Promise<ReadDifference | undefined> {
  const exchange = await client.call(operationId, { query: query || undefined })
  const page = exchange.response?.json
  if (exchange.response?.status !== 200 || !Array.isArray(page)) return undefined // the registry judges it
  const listed = (page as Array<Body>).find((item) => same(item?.id, created.id))
  const limit = Number(new URLSearchParams(query).get('limit') ?? Number.POSITIVE_INFINITY)
  if (!listed && page.length < limit)
    return {
      message: `what was created (${String(created.id)}) is missing from ${operationId}?${query} (${page.length})`,
      expected: `every match, the page being shorter than its limit of ${limit}`,
      received: `${page.length} items without it`,
      exchange,
      basis: interfaceSays.limit,
    }
  const field = listed && changed(listed, sent, fields)
  if (!listed || field === undefined) return undefined
  return {
    message: `what was created (${String(created.id)}) is listed by ${operationId}?${query} with "${field}" changed`,
    expected: stringifyJson(sent[field]),
    received: stringifyJson(listed[field]),
    exchange,
    basis: interfaceSays.readById,
  }
}

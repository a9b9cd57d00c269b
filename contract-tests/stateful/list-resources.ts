import type fc from 'fast-check'
import { stringifyJson } from '../../spec/json/stringify-json.ts'
import type { StatefulRole } from '../../spec/relations.ts'
import { type ResourceSpec, resources } from '../../spec/resources.ts'
import { queryOf } from '../generate/list-bounds.ts'
import { resourceBasis } from '../shared/citations.ts'
import { type Basis, type Exchange, statusOf } from '../shared/exchange.ts'
import { listLength } from '../shared/json-cut.ts'
import { sameFields } from '../shared/same-fields.ts'
import type { Resource } from '../shared/suite-data.ts'
import { ModelViolation } from './model-violation.ts'
import { removalBasis } from './read-resource.ts'
import type { ListQuery, ResourceKnowledge } from './resource-knowledge.ts'
import { assertRegistry, type StatefulWorld } from './stateful-world.ts'

type Command = fc.AsyncCommand<ResourceKnowledge, StatefulWorld>
export type ListRole = StatefulRole & { kind: 'list' }

const queryText = (query: ListQuery) => queryOf(Object.entries(query).map(([name, value]) => [name, String(value)]))

/** The fields (and values) a list sent with `query` keeps, from the role's filters the query sets. */
const filteredFields = (role: ListRole, query: ListQuery): Record<string, string | number | undefined> =>
  Object.fromEntries(
    role.filters.filter(({ parameter }) => parameter in query).map(({ parameter, field }) => [field, query[parameter]]),
  )

/** What the rules of the list `role` names rest on: its resource's sentences (`resourceBasis`). */
export const listBasis = (role: ListRole): ReturnType<typeof resourceBasis> =>
  resourceBasis(resources[role.creator] as ResourceSpec)

/**
 * Lists with its limit and filters, each optional: at most `limit` resources, only those matching every
 * filter, none twice, none this run removed, the known ones with their known fields; a page shorter than
 * its limit holds every known live match.
 */
export class ListResources implements Command {
  constructor(
    readonly role: ListRole,
    /** Query parameters by name: the limit and the filters sent. */
    readonly query: ListQuery,
  ) {}
  check = () => true
  async run(knowledge: ResourceKnowledge, world: StatefulWorld): Promise<void> {
    await this.list(knowledge, world)
  }

  /** Lists and judges the page, as `run`; returns the page and the exchange it came in. */
  async list(
    knowledge: ResourceKnowledge,
    world: StatefulWorld,
  ): Promise<{ items: Array<Resource>; exchange: Exchange }> {
    const { role, query } = this
    const basis = listBasis(role)
    const known = knowledge.of(role.creator)
    const { idField } = known
    knowledge.listQueries.push({ operationId: role.operationId, query })
    const exchange = await world.client.call(role.operationId, { query: queryText(query) || undefined, record: false })
    assertRegistry(exchange)
    const listed = exchange.response?.json
    const limit = role.limit ? Number(query[role.limit.parameter] ?? role.limit.default) : Number.POSITIVE_INFINITY
    const fail = (message: string, expected: string, rule: Basis = basis.limit) =>
      new ModelViolation(message, rule, exchange, expected, exchange.response?.bodyText.slice(0, 300))
    if (exchange.response?.status !== 200 || !Array.isArray(listed))
      throw fail(`the list got ${statusOf(exchange)}`, '200 with an array', basis.list)
    const count = (exchange.response && listLength(exchange.response)) ?? listed.length
    if (listed.length > limit) throw fail(`${count} resources in a list limited to ${limit}`, `at most ${limit}`)
    const filters = filteredFields(role, query)
    const ids = new Set<string>()
    for (const item of listed as Array<Resource>) {
      const fields = item ?? {}
      const id = fields[idField]
      for (const [field, value] of Object.entries(filters))
        if (fields[field] !== value)
          throw fail(
            `a resource with ${field} ${stringifyJson(fields[field])} in a list filtered by ${field}=${value}`,
            `only ${field}=${value}`,
            basis.filters[role.filters.find((filter) => filter.field === field)?.parameter ?? ''] ?? basis.list,
          )
      if (ids.has(String(id))) throw fail(`resource ${id} appears twice in one list`, 'each once', basis.uniqueId)
      ids.add(String(id))
      const removedBasis = known.removed(id) && removalBasis(role.creator)
      if (removedBasis)
        throw fail(`resource ${id}, removed by this run, is still listed`, 'removed resources absent', removedBasis)
      const held = known.get(id)
      if (held && !sameFields(item, held))
        throw fail(`resource ${id} is listed with other fields than it has`, stringifyJson(held), basis.read)
    }
    if (listed.length >= limit) return { items: listed as Array<Resource>, exchange }
    // A page shorter than its limit is the whole of the matching resources: none the run knows may be missing.
    const lost = known.matching(filters).filter((item) => !ids.has(String(item[idField])))
    if (lost.length > 0)
      throw fail(
        `${listed.length} resources returned for limit ${limit} though at least ${listed.length + lost.length} ` +
          `match; missing: ${lost
            .slice(0, 5)
            .map((item) => item[idField])
            .join(', ')}`,
        `exactly min(${limit}, matching) resources`,
      )
    return { items: listed as Array<Resource>, exchange }
  }
  toString = () => `${this.role.operationId}(${queryText(this.query)})`
}

/**
 * Lists with a limit at the edge of how many live resources the run knows to match the filters: exactly
 * that many, one fewer and one more, where an off-by-one in paging shows (a page one short, or one too long).
 */
export class ListAtBoundary implements Command {
  constructor(
    readonly role: ListRole & { limit: NonNullable<ListRole['limit']> },
    readonly filters: ListQuery,
    readonly delta: -1 | 0 | 1,
  ) {}
  private limitFor(knowledge: ResourceKnowledge): number {
    return knowledge.of(this.role.creator).matching(filteredFields(this.role, this.filters)).length + this.delta
  }
  check = (knowledge: ResourceKnowledge) => {
    const limit = this.limitFor(knowledge)
    return limit >= this.role.limit.minimum && limit <= this.role.limit.maximum
  }
  async run(knowledge: ResourceKnowledge, world: StatefulWorld): Promise<void> {
    const query = { ...this.filters, [this.role.limit.parameter]: this.limitFor(knowledge) }
    await new ListResources(this.role, query).run(knowledge, world)
  }
  toString = () => {
    const offset = this.delta === 0 ? '' : this.delta > 0 ? '+1' : '-1'
    return `listAtBoundary(${queryText(this.filters) || 'any'}, matching${offset})`
  }
}

/**
 * Once the run knows more live resources than the largest page holds, lists with each limit out of range (one past the
 * largest, ten times it, one under the smallest, -1): refused with a 4xx, or forgiven with at most the largest page.
 * A server that counts to the limit it was given, not to the largest (or slices by a negative one), shows only on a
 * store this large.
 */
export class ListPastMaximum implements Command {
  constructor(readonly role: ListRole & { limit: NonNullable<ListRole['limit']> }) {}
  check = (knowledge: ResourceKnowledge) => knowledge.of(this.role.creator).size > this.role.limit.maximum
  async run(_knowledge: ResourceKnowledge, world: StatefulWorld): Promise<void> {
    const { operationId, limit } = this.role
    const outOfRange = new Set([limit.maximum + 1, limit.maximum * 10, limit.minimum - 1, -1])
    for (const asked of outOfRange) {
      const exchange = await world.client.call(operationId, { query: `${limit.parameter}=${asked}`, record: false })
      assertRegistry(exchange)
      const status = exchange.response?.status
      if (status !== undefined && status >= 400 && status < 500) continue
      const listed = exchange.response?.json
      const count = exchange.response && Array.isArray(listed) ? (listLength(exchange.response) ?? listed.length) : 0
      if (status === 200 && Array.isArray(listed) && count <= limit.maximum) continue
      const plural = resources[this.role.creator]?.plural ?? 'resources'
      throw new ModelViolation(
        `${limit.parameter}=${asked}, out of ${limit.minimum}..${limit.maximum}, got ${statusOf(exchange)} ` +
          `with ${count} ${plural} from a store of more than ${limit.maximum}`,
        listBasis(this.role).limit,
        exchange,
        `a 4xx, or 200 with at most ${limit.maximum}`,
        exchange.response?.bodyText.slice(0, 300),
      )
    }
  }
  toString = () => `listPastMaximum(${this.role.limit.maximum})`
}

/** Asks an earlier list again: after creates and removals, a stale (cached) answer shows. */
export class RepeatList implements Command {
  constructor(
    readonly role: ListRole,
    readonly index: number,
  ) {}
  private sent = (knowledge: Readonly<ResourceKnowledge>) =>
    knowledge.listQueries.filter((sent) => sent.operationId === this.role.operationId)
  check = (knowledge: Readonly<ResourceKnowledge>) => this.sent(knowledge).length > 0
  async run(knowledge: ResourceKnowledge, world: StatefulWorld): Promise<void> {
    const sent = this.sent(knowledge)
    const earlier = sent[this.index % sent.length]
    if (earlier) await new ListResources(this.role, earlier.query).run(knowledge, world)
  }
  toString = () => `repeatList(#${this.index})`
}

import type fc from 'fast-check'
import { resources } from '../../spec/resources.ts'
import type { Exchange } from '../shared/exchange.ts'
import type { Resource } from '../shared/suite-data.ts'
import { ListResources, type ListRole, listBasis } from './list-resources.ts'
import { ModelViolation } from './model-violation.ts'
import type { ListQuery, ResourceKnowledge } from './resource-knowledge.ts'
import type { StatefulWorld } from './stateful-world.ts'

type Command = fc.AsyncCommand<ResourceKnowledge, StatefulWorld>

/** Tries before giving up on a store that changes under every one (others write to it meanwhile). */
const tries = 3

const idsOf = (items: ReadonlyArray<Resource>, idField: string) => items.map((item) => String(item?.[idField]))

/**
 * Lists at a limit exactly at, one under and one over the matches, the matches taken from the target itself:
 * its largest page, when shorter than the limit, holds every match (N of them). Asked again after the three,
 * the same N say nobody wrote meanwhile; then a page at N holds all N, at N - 1 that many of them, at N + 1
 * all N again. Where a paging off-by-one shows, whatever order the target lists in and whoever else writes.
 */
export class ListAtStableBoundary implements Command {
  constructor(
    readonly role: ListRole & { limit: NonNullable<ListRole['limit']> },
    readonly filters: ListQuery,
  ) {}
  check = () => true
  async run(knowledge: ResourceKnowledge, world: StatefulWorld): Promise<void> {
    const { parameter, minimum, maximum } = this.role.limit
    const idField = resources[this.role.creator]?.idField ?? 'id'
    const list = (limit: number) =>
      new ListResources(this.role, { ...this.filters, [parameter]: limit }).list(knowledge, world)
    const items = async (limit: number) => (await list(limit)).items
    for (let attempt = 0; attempt < tries; attempt++) {
      const all = await items(maximum)
      // A full page may leave matches out: there is no edge to probe.
      if (all.length >= maximum) {
        world.unjudged?.push(`${this}: ${maximum} or more match, no page shorter than its limit`)
        return
      }
      const pages = new Map<number, { items: Array<Resource>; exchange: Exchange }>()
      for (const limit of [all.length - 1, all.length, all.length + 1])
        if (limit >= minimum && limit <= maximum) pages.set(limit, await list(limit))
      const again = await items(maximum)
      if (idsOf(again, idField).sort().join() !== idsOf(all, idField).sort().join()) continue
      const matches = new Set(idsOf(all, idField))
      for (const [limit, { items: page, exchange }] of pages) {
        const expected = Math.min(limit, all.length)
        const strangers = idsOf(page, idField).filter((id) => !matches.has(id))
        if (page.length === expected && strangers.length === 0) continue
        throw new ModelViolation(
          `${page.length} resources for ${parameter}=${limit} where ${all.length} match ` +
            `(its largest page, asked before and after, holds ${all.length})` +
            (strangers.length > 0 ? `; not among them: ${strangers.slice(0, 5).join(', ')}` : ''),
          listBasis(this.role).limit,
          exchange,
          `exactly min(${limit}, ${all.length}) = ${expected}`,
          String(page.length),
        )
      }
      return
    }
    world.unjudged?.push(`${this}: the store changed under each of ${tries} tries (someone else writes to it)`)
  }
  toString = () =>
    `listAtStableBoundary(${
      Object.entries(this.filters)
        .map(([name, value]) => `${name}=${value}`)
        .join('&') || 'any'
    })`
}

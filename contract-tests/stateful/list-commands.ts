import fc from 'fast-check'
import { statefulRoles } from '../../spec/relations.ts'
import { GrowStore } from './create-resources.ts'
import { ListAtBoundary, ListResources, type ListRole, RepeatList } from './list-resources.ts'
import type { ResourceKnowledge } from './resource-knowledge.ts'
import type { RoleContext } from './role-context.ts'
import type { StatefulWorld } from './stateful-world.ts'

type CommandArbitrary = fc.Arbitrary<fc.AsyncCommand<ResourceKnowledge, StatefulWorld>>

const defined = (query: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(query).filter(([, value]) => value !== undefined)) as Record<string, string>

/**
 * A list's commands: with its filters and limit (edges drawn most), again after changes, at a limit one off
 * the known matches, and its creator growing the store past the default page and past the largest.
 * @example fc.commands(listCommands(statefulRoles.listPets as ListRole, context))
 */
export function listCommands(role: ListRole, context: RoleContext): Array<CommandArbitrary> {
  const filters = fc.record(
    Object.fromEntries(
      role.filters.map(({ parameter, values: allowed }) => [
        parameter,
        fc.option(fc.constantFrom(...allowed), { nil: undefined }),
      ]),
    ),
  )
  const { limit } = role
  const commands: Array<CommandArbitrary> = [
    fc
      .record({
        filters,
        // The edges drawn most, so the same list comes back after creates: a stale answer shows.
        limit: limit
          ? fc.option(
              fc.oneof(
                { weight: 3, arbitrary: fc.constantFrom(limit.minimum, limit.maximum) },
                { weight: 1, arbitrary: fc.integer({ min: limit.minimum, max: limit.maximum }) },
              ),
              { nil: undefined },
            )
          : fc.constant(undefined),
      })
      .map(
        ({ filters: chosen, limit: size }) =>
          new ListResources(role, {
            ...defined(chosen),
            ...(limit && size !== undefined && { [limit.parameter]: size }),
          }),
      ),
    fc.nat().map((index) => new RepeatList(role, index)),
  ]
  const creator = statefulRoles[role.creator]
  if (!limit || creator.kind !== 'create') return commands
  const bounded = { ...role, limit }
  return [
    ...commands,
    fc
      .record({ filters, delta: fc.constantFrom(-1 as const, 0 as const, 1 as const) })
      .map(({ filters: chosen, delta }) => new ListAtBoundary(bounded, defined(chosen), delta)),
    fc
      .constantFrom(limit.default + 1, limit.maximum + 1)
      .map((total) => new GrowStore(creator, total, (index) => context.bodyAt(creator.operationId, index))),
  ]
}

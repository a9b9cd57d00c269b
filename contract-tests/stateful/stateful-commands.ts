import fc from 'fast-check'
import { rolesOf } from '../../spec/relations.ts'
import type { NewPet } from '../../spec/types.ts'
import { CreateResources, GrowStore } from './create-resources.ts'
import { ListAtBoundary, ListResources, RepeatList } from './list-resources.ts'
import { ReadResource } from './read-resource.ts'
import { RemoveResource } from './remove-resource.ts'
import type { ResourceKnowledge } from './resource-knowledge.ts'
import type { StatefulWorld } from './stateful-world.ts'
import { type TypicalValues, typicalBodies } from './typical-bodies.ts'

type CommandArbitrary = fc.Arbitrary<fc.AsyncCommand<ResourceKnowledge, StatefulWorld>>

/**
 * The stateful phase's commands, each derived from an operation's role in `spec/relations.ts`: a creator
 * creates one or several at once; a read reads a live resource (its fields) or a removed one (404); a
 * removal removes a resource the phase created, or one already removed; a list lists with its filters
 * and limit (edges drawn most), at a limit one off the known matches, again after changes, and the
 * creator grows the store past the list's default page and past its largest.
 * @example fc.commands(statefulCommands({ runTag: 'run1', known: [] }), { maxCommands: 12 })
 */
export function statefulCommands(values: TypicalValues): Array<CommandArbitrary> {
  const commands: Array<CommandArbitrary> = []
  const creators = new Map(
    rolesOf('create').map((role) => [
      role.operationId,
      typicalBodies(role.operationId, values) as fc.Arbitrary<NewPet>,
    ]),
  )
  for (const role of rolesOf('create')) {
    const bodies = creators.get(role.operationId) as fc.Arbitrary<NewPet>
    commands.push(
      bodies.map((body) => new CreateResources(role, [body])),
      fc.array(bodies, { minLength: 2, maxLength: 8 }).map((many) => new CreateResources(role, many)),
    )
  }
  for (const role of rolesOf('read'))
    commands.push(
      fc
        .record({ index: fc.nat(), removed: fc.boolean() })
        .map(({ index, removed }) => new ReadResource(role, index, removed)),
    )
  for (const role of rolesOf('remove'))
    commands.push(
      fc
        .record({ index: fc.nat(), again: fc.boolean() })
        .map(({ index, again }) => new RemoveResource(role, index, again)),
    )
  for (const role of rolesOf('list')) {
    const filters = fc.record(
      Object.fromEntries(
        role.filters.map(({ parameter, values: allowed }) => [
          parameter,
          fc.option(fc.constantFrom(...allowed), { nil: undefined }),
        ]),
      ),
    )
    const defined = (query: Record<string, unknown>) =>
      Object.fromEntries(Object.entries(query).filter(([, value]) => value !== undefined)) as Record<string, string>
    const { limit } = role
    commands.push(
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
    )
    if (!limit) continue
    const bounded = { ...role, limit }
    commands.push(
      fc
        .record({ filters, delta: fc.constantFrom(-1 as const, 0 as const, 1 as const) })
        .map(({ filters: chosen, delta }) => new ListAtBoundary(bounded, defined(chosen), delta)),
    )
    const creator = rolesOf('create').find((candidate) => candidate.operationId === role.creator)
    const bodies = creators.get(role.creator)
    if (!creator || !bodies) continue
    // One typical body per index, drawn afresh: growing the store is many creates, each told apart.
    const bodyAt = (index: number) => fc.sample(bodies, { numRuns: 1, seed: index })[0] as NewPet
    commands.push(
      fc.constantFrom(limit.default + 1, limit.maximum + 1).map((total) => new GrowStore(creator, total, bodyAt)),
    )
  }
  return commands
}

import fc from 'fast-check'
import { rolesOf } from '../../spec/relations.ts'
import type { NewPet } from '../../spec/types.ts'
import { requestBodySchema } from '../generate/spec-parameters.ts'
import { CreateResources, GrowStore } from './create-resources.ts'
import { ListAtStableBoundary } from './list-at-stable-boundary.ts'
import { ListResources } from './list-resources.ts'
import { ReadResource } from './read-resource.ts'
import { RemoveResource } from './remove-resource.ts'
import type { ResourceKnowledge } from './resource-knowledge.ts'
import type { StatefulWorld } from './stateful-world.ts'
import { type TypicalValues, typicalBodies } from './typical-bodies.ts'

/** One step of the must-try sequence: a command of the stateful phase, named for the report. */
interface MustTryStep {
  name: string
  command: fc.AsyncCommand<ResourceKnowledge, StatefulWorld>
}

const step = (command: MustTryStep['command'], name = String(command)): MustTryStep => ({ name, command })

/**
 * Every check a role of the spec's relations implies, once, in an order that makes each one judgeable: what
 * a creator makes (one, several at once) is read back by every read; a removal removes one of them (then
 * every read answers 404 and no list holds it) and is asked again; a list is taken at exactly, one under and
 * one over its matches, unfiltered (a resource created without the filtered fields among them) and by every
 * filter value; then the store grows past the list's largest page, and the newest resource is read by id.
 * Chance decides nothing here: the random sequences come on top.
 * @example for (const { command } of mustTrySteps(values)) await command.run(knowledge, world)
 */
export function mustTrySteps(values: TypicalValues): Array<MustTryStep> {
  const steps: Array<MustTryStep> = []
  for (const creator of rolesOf('create')) {
    const arbitrary = typicalBodies(creator.operationId, values) as fc.Arbitrary<NewPet>
    const bodyAt = (index: number) => fc.sample(arbitrary, { numRuns: 1, seed: index })[0] as NewPet
    const reads = rolesOf('read').filter((role) => role.creator === creator.operationId)
    const lists = rolesOf('list').filter((role) => role.creator === creator.operationId)
    const readNewest = (when: string) =>
      reads.map((read) => step(new ReadResource(read, -1, false), `${read.operationId}(${when})`))
    steps.push(
      step(new CreateResources(creator, [bodyAt(1)])),
      step(new CreateResources(creator, [2, 3, 4, 5].map(bodyAt))),
      ...readNewest('newest'),
    )
    for (const remove of rolesOf('remove').filter((role) => role.creator === creator.operationId))
      steps.push(
        step(new RemoveResource(remove, 0, false)),
        step(new RemoveResource(remove, 0, true)),
        ...reads.map((read) => step(new ReadResource(read, 0, true))),
        ...lists.map((list) =>
          step(new ListResources(list, list.limit ? { [list.limit.parameter]: list.limit.maximum } : {})),
        ),
      )
    for (const list of lists) {
      const { limit } = list
      if (!limit) continue
      const bounded = { ...list, limit }
      const required = new Set(requestBodySchema(creator.operationId)?.required ?? [])
      const optional = list.filters.map(({ field }) => field).filter((field) => !required.has(field))
      if (optional.length > 0) {
        const without = Object.fromEntries(Object.entries(bodyAt(6)).filter(([field]) => !optional.includes(field)))
        steps.push(
          step(
            new CreateResources(creator, [without as NewPet]),
            `${creator.operationId}(without ${optional.join(', ')})`,
          ),
        )
      }
      steps.push(
        step(new ListAtStableBoundary(bounded, {})),
        ...list.filters.flatMap(({ parameter, values: allowed }) =>
          allowed.map((value) => step(new ListAtStableBoundary(bounded, { [parameter]: value }))),
        ),
        step(new GrowStore(creator, limit.maximum + 1, (index) => bodyAt(100 + index))),
        step(new CreateResources(creator, [bodyAt(99)])),
        ...readNewest(`newest of a store past ${limit.maximum}`),
      )
    }
  }
  return steps
}

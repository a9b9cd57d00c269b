import type fc from 'fast-check'
import { operations } from '../../spec/operations.ts'
import { rolesOf, type StatefulRole } from '../../spec/relations.ts'
import type { OperationId } from '../../spec/types.ts'
import { statusOf } from '../shared/exchange.ts'
import { ModelViolation } from './model-violation.ts'
import { linkBasis, ReadResource } from './read-resource.ts'
import type { ResourceKnowledge } from './resource-knowledge.ts'
import { assertGone, callNaming, type StatefulWorld } from './stateful-world.ts'

type Command = fc.AsyncCommand<ResourceKnowledge, StatefulWorld>
type RemoveRole = StatefulRole & { kind: 'remove' }

/**
 * Removes a resource this phase created (never one it did not): a documented 2xx, and every read of it
 * answers 404 (or 410) at once; later reads and lists must not return it either. Asked again for one
 * already removed: a 404 (or 410).
 */
export class RemoveResource implements Command {
  constructor(
    readonly role: RemoveRole,
    readonly index: number,
    readonly again: boolean,
  ) {}
  check = (knowledge: ResourceKnowledge) => knowledge.of(this.role.creator).count(this.again ? 'removed' : 'own') > 0
  async run(knowledge: ResourceKnowledge, world: StatefulWorld): Promise<void> {
    const target = knowledge.of(this.role.creator).pick(this.again ? 'removed' : 'own', this.index)
    if (!target) return
    const { operationId } = this.role
    const { id, exchange, status } = await callNaming(world, this.role, target)
    if (this.again)
      return assertGone(exchange, `${operationId} of resource ${id}, already removed,`, linkBasis(this.role))
    const success = status >= 200 && status < 300 && operations[operationId].documents(status)
    if (!success)
      throw new ModelViolation(
        `${operationId} of resource ${id}, created by this run, got ${statusOf(exchange)}`,
        linkBasis(this.role),
        exchange,
        `a documented 2xx (${successes(operationId)})`,
        exchange.response?.bodyText,
      )
    knowledge.of(this.role.creator).remove(target)
    // Gone at once: every read of it (the creator's links to safe operations) answers 404 (or 410).
    for (const read of rolesOf('read').filter((role) => role.creator === this.role.creator))
      await new ReadResource(read, 0, true).readBack(target, world)
  }
  toString = () => `${this.role.operationId}(${this.again ? 'again ' : ''}#${this.index})`
}

const successes = (operationId: OperationId) =>
  operations[operationId].documentedStatuses.filter((key) => key.startsWith('2')).join(', ')

import type fc from 'fast-check'
import { stringifyJson } from '../../spec/json/stringify-json.ts'
import { operations } from '../../spec/operations.ts'
import { rolesOf, type StatefulRole } from '../../spec/relations.ts'
import { isResource, resources } from '../../spec/resources.ts'
import type { OperationId } from '../../spec/types.ts'
import type { Basis } from '../shared/exchange.ts'
import { statusOf } from '../shared/exchange.ts'
import { sameFields } from '../shared/same-fields.ts'
import type { Resource } from '../shared/suite-data.ts'
import { ModelViolation } from './model-violation.ts'
import type { ResourceKnowledge } from './resource-knowledge.ts'
import { assertGone, callNaming, type StatefulWorld } from './stateful-world.ts'

type Command = fc.AsyncCommand<ResourceKnowledge, StatefulWorld>
type ReadRole = StatefulRole & { kind: 'read' }

/**
 * The sentence a link rests on: the link's description, which quotes the interface for a resource it describes,
 * and for any other is the spec's own (`resourceBasis`).
 */
export function linkBasis(role: { creator: OperationId; link: { description: string } }): Basis {
  const resource = resources[role.creator]
  if (!resource || resource.statedBy === 'interface') return { source: 'interface', text: role.link.description }
  const { method, path } = operations[role.creator]
  return { source: 'spec', text: `spec/openapi.yaml ${method} ${path} links: "${role.link.description}"` }
}

/** The basis of "a removed resource is gone": the removing operation's link, when the spec has one. */
export function removalBasis(creator: string): Basis | undefined {
  const remover = rolesOf('remove').find((role) => role.creator === creator)
  return remover && linkBasis(remover)
}

/**
 * Reads a known resource by its id: exactly the fields it was created (or first listed) with; one this
 * run removed, a 404 (or 410), never the resource.
 */
export class ReadResource implements Command {
  constructor(
    readonly role: ReadRole,
    readonly index: number,
    readonly removed: boolean,
  ) {}
  private get kind() {
    return this.removed ? ('removed' as const) : ('live' as const)
  }
  check = (knowledge: ResourceKnowledge) => knowledge.of(this.role.creator).count(this.kind) > 0
  async run(knowledge: ResourceKnowledge, world: StatefulWorld): Promise<void> {
    const known = knowledge.of(this.role.creator).pick(this.kind, this.index)
    if (known) await this.readBack(known, world)
  }

  /** Reads `known` and judges the answer: the resource as known, or (removed) a 404 or 410. */
  async readBack(known: Resource, world: StatefulWorld): Promise<void> {
    const { id, exchange, status } = await callNaming(world, this.role, known)
    if (this.removed)
      return assertGone(
        exchange,
        `resource ${id}, removed by this run, read back:`,
        removalBasis(this.role.creator) ?? linkBasis(this.role),
      )
    const read = exchange.response?.json as Resource
    const resource = resources[this.role.creator]
    const same = resource && isResource(resource, read) && String(read[resource.idField]) === String(id)
    if (status !== 200 || !same || !sameFields(read, known))
      throw new ModelViolation(
        `resource ${id} read back as ${statusOf(exchange)}`,
        linkBasis(this.role),
        exchange,
        `200 ${stringifyJson(known)}`,
        exchange.response?.bodyText,
      )
  }
  toString = () => `${this.role.operationId}(${this.removed ? 'removed ' : ''}#${this.index})`
}

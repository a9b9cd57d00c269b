import type fc from 'fast-check'
import { stringifyJson } from '../../spec/json/stringify-json.ts'
import { rolesOf, type StatefulRole } from '../../spec/relations.ts'
import type { Pet } from '../../spec/types.ts'
import type { Basis } from '../model/exchange.ts'
import { statusOf } from '../model/exchange.ts'
import { sameFields } from '../model/same-fields.ts'
import { isPet } from '../model/suite-data.ts'
import { ModelViolation } from './model-violation.ts'
import type { ResourceKnowledge } from './resource-knowledge.ts'
import { assertRegistry, type StatefulWorld } from './stateful-world.ts'

type Command = fc.AsyncCommand<ResourceKnowledge, StatefulWorld>
export type ReadRole = StatefulRole & { kind: 'read' }

/** The sentence a link rests on: the link's description, which quotes the interface. */
export const linkBasis = (role: { link: { description: string } }): Basis => ({
  source: 'interface',
  text: role.link.description,
})

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
  check = (knowledge: Readonly<ResourceKnowledge>) => (this.removed ? knowledge.removedSize : knowledge.size) > 0
  async run(knowledge: ResourceKnowledge, world: StatefulWorld): Promise<void> {
    const known = this.removed ? knowledge.pickRemoved(this.index) : knowledge.pick(this.index)
    if (known) await this.readBack(known, world)
  }

  /** Reads `known` and judges the answer: the resource as known, or (removed) a 404 or 410. */
  async readBack(known: Pet, world: StatefulWorld): Promise<void> {
    const { operationId, link } = this.role
    const id = (known as unknown as Record<string, unknown>)[link.field] as Pet['id']
    const exchange = await world.client.call(operationId, { params: { [link.parameter]: id }, record: false })
    assertRegistry(exchange)
    const status = exchange.response?.status ?? 0
    if (this.removed) {
      // Gone: 404 as a missing one, or 410 (RFC 9110 section 15.5.11), never the resource.
      if (status === 404 || status === 410) return
      throw new ModelViolation(
        `resource ${id}, removed by this run, read back as ${statusOf(exchange)}`,
        removalBasis(this.role.creator) ?? linkBasis(this.role),
        exchange,
        '404 (or 410)',
        exchange.response?.bodyText,
      )
    }
    const pet = exchange.response?.json
    if (status !== 200 || !isPet(pet) || String(pet.id) !== String(id) || !sameFields(pet, known))
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

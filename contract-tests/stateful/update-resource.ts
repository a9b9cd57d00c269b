import type fc from 'fast-check'
import { stringifyJson } from '../../spec/json/stringify-json.ts'
import { operations } from '../../spec/operations.ts'
import { rolesOf, type StatefulRole } from '../../spec/relations.ts'
import { isResource, resources } from '../../spec/resources.ts'
import { statusOf } from '../shared/exchange.ts'
import { sameFields } from '../shared/same-fields.ts'
import type { Resource } from '../shared/suite-data.ts'
import { requestBodySchema, resolve } from '../values/spec-parameters.ts'
import { ListResources } from './list-resources.ts'
import { ModelViolation } from './model-violation.ts'
import { linkBasis, ReadResource } from './read-resource.ts'
import type { ResourceKnowledge } from './resource-knowledge.ts'
import { callNaming, type StatefulWorld } from './stateful-world.ts'

type Command = fc.AsyncCommand<ResourceKnowledge, StatefulWorld>
export type UpdateRole = StatefulRole & { kind: 'update' }
type Body = Readonly<Record<string, unknown>>

/**
 * The change to send, from a drawn one: every field of the body's schema with allowed values (an enum) set to
 * one the resource does not hold now, so that an update which changes nothing cannot pass for one that does.
 * @example changeFor('patchPet', { status: 'sold' }, pet) // { status: 'available' } when the pet is sold
 */
export function changeFor(role: UpdateRole, drawn: Body, target: Resource): Body {
  const current = target
  const properties = resolve(requestBodySchema(role.operationId) ?? {}).properties ?? {}
  const change: Record<string, unknown> = { ...drawn }
  for (const [field, property] of Object.entries(properties)) {
    const allowed = resolve(property).enum
    if (!allowed || (change[field] !== undefined && change[field] !== current[field])) continue
    const other = allowed.find((value) => value !== current[field])
    if (other !== undefined) change[field] = other
  }
  return change
}

/**
 * Updates a resource this phase created (never one it did not) with a change that differs from what it holds:
 * a documented 2xx whose resource, when it answers with one, is the changed one; then every read of it gives
 * the change at once, and every list filtered by its new values holds it (when its page is not full).
 */
export class UpdateResource implements Command {
  constructor(
    readonly role: UpdateRole,
    readonly index: number,
    /** A drawn change; `changeFor` makes it differ from the resource. */
    readonly drawn: Body,
  ) {}
  check = (knowledge: ResourceKnowledge) => knowledge.of(this.role.creator).count('own') > 0
  async run(knowledge: ResourceKnowledge, world: StatefulWorld): Promise<void> {
    const target = knowledge.of(this.role.creator).pick('own', this.index)
    if (!target) return
    const { operationId, link, replaces, creator } = this.role
    const change = changeFor(this.role, this.drawn, target)
    const { id, exchange, status } = await callNaming(world, this.role, target, change)
    const expected: Resource = { ...(replaces ? {} : target), ...change, [link.field]: id }
    const what = `${operationId} of resource ${id}, created by this run, with ${stringifyJson(change)}`
    if (!(status >= 200 && status < 300 && operations[operationId].documents(status)))
      throw new ModelViolation(
        `${what} got ${statusOf(exchange)}`,
        linkBasis(this.role),
        exchange,
        'a documented 2xx',
        exchange.response?.bodyText,
      )
    const answer = exchange.response?.json
    const resource = resources[creator]
    if (resource && isResource(resource, answer) && !sameFields(answer, expected))
      throw new ModelViolation(
        `${what} answered with other fields than the change gives`,
        linkBasis(this.role),
        exchange,
        stringifyJson(expected),
        exchange.response?.bodyText,
      )
    knowledge.of(creator).update(expected)
    // Changed at once: every read of it gives the change, every list its new values select holds it.
    for (const read of rolesOf('read').filter((role) => role.creator === creator))
      await new ReadResource(read, 0, false).readBack(expected, world)
    for (const list of rolesOf('list').filter((role) => role.creator === creator)) {
      const filters = list.filters.filter(({ field }) => typeof change[field] === 'string')
      const query = Object.fromEntries(filters.map(({ parameter, field }) => [parameter, String(change[field])]))
      const limit = list.limit && { [list.limit.parameter]: list.limit.maximum }
      await new ListResources(list, { ...query, ...limit }).list(knowledge, world)
    }
  }
  toString = () => `${this.role.operationId}(#${this.index}, ${stringifyJson(this.drawn)})`
}

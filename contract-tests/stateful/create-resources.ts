import type fc from 'fast-check'
import { stringifyJson } from '../../spec/json/stringify-json.ts'
import type { StatefulRole } from '../../spec/relations.ts'
import { isResource, type ResourceSpec, resources } from '../../spec/resources.ts'
import { resourceBasis } from '../shared/citations.ts'
import { type Exchange, statusOf } from '../shared/exchange.ts'
import { sameFields } from '../shared/same-fields.ts'
import type { Body, Resource } from '../shared/suite-data.ts'
import { ModelViolation } from './model-violation.ts'
import type { ResourceKnowledge } from './resource-knowledge.ts'
import { assertRegistry, pooled, type StatefulWorld } from './stateful-world.ts'

type Command = fc.AsyncCommand<ResourceKnowledge, StatefulWorld>
export type CreateRole = StatefulRole & { kind: 'create' }

/** Creates one resource and checks what the interface promises of it: its status, the fields sent, an id never seen. */
async function createOne(
  world: StatefulWorld,
  role: CreateRole,
  body: Body,
): Promise<{ made: Resource; exchange: Exchange }> {
  const exchange = await world.client.call(role.operationId, { json: body, record: false })
  assertRegistry(exchange)
  const made = exchange.response?.json as Resource
  const resource = resources[role.operationId] as ResourceSpec
  const basis = resourceBasis(resource)
  // Judged by the shape of its own kind (the answer's schema): an owner is no pet.
  if (exchange.response?.status !== role.status || !isResource(resource, made))
    throw new ModelViolation(
      `a valid ${role.operationId} got ${statusOf(exchange)}`,
      basis.created,
      exchange,
      `${role.status} with what was created`,
      exchange.response?.bodyText,
    )
  if (!sameFields(made, body))
    throw new ModelViolation(
      `what ${role.operationId} created differs from what was sent`,
      basis.created,
      exchange,
      stringifyJson(body),
      exchange.response.bodyText,
    )
  const id = made[resource.idField]
  if (world.knowledge.of(role.operationId).has(id))
    throw new ModelViolation(
      `the new ${resource.noun} got id ${id}, which an earlier one of its kind already has (or had)`,
      basis.uniqueId,
      exchange,
      'an id of its own',
      String(id),
    )
  return { made: { ...body, ...made }, exchange }
}

/** Creates resources, several at once: every id distinct from each other and from every known one. */
export class CreateResources implements Command {
  constructor(
    readonly role: CreateRole,
    readonly bodies: ReadonlyArray<Body>,
  ) {}
  check = () => true
  async run(knowledge: ResourceKnowledge, world: StatefulWorld): Promise<void> {
    const created = await pooled(
      this.bodies.map((body) => () => createOne(world, this.role, body)),
      world.concurrency,
    )
    const idField = resources[this.role.operationId]?.idField ?? 'id'
    const ids = created.map(({ made }) => String(made[idField]))
    const second = ids.findIndex((id, index) => ids.indexOf(id) !== index)
    const repeated = ids[second]
    if (repeated !== undefined)
      throw new ModelViolation(
        `${created.length} resources created at once share id ${repeated}`,
        resourceBasis(resources[this.role.operationId] as ResourceSpec).uniqueId,
        created[second]?.exchange,
        'distinct ids',
        ids.join(', '),
      )
    for (const { made } of created) knowledge.of(this.role.operationId).add(made)
  }
  toString = () => `${this.role.operationId}(×${this.bodies.length})`
}

/**
 * Creates resources until the run knows at least `total` live ones of the kind (past a list's default page, past its
 * largest).
 */
export class GrowStore implements Command {
  constructor(
    readonly role: CreateRole,
    readonly total: number,
    readonly bodyAt: (index: number) => Body,
  ) {}
  check = (knowledge: ResourceKnowledge) => knowledge.of(this.role.operationId).size < this.total
  async run(knowledge: ResourceKnowledge, world: StatefulWorld): Promise<void> {
    const missing = this.total - knowledge.of(this.role.operationId).size
    const bodies = Array.from({ length: missing }, (_, index) => this.bodyAt(index))
    await new CreateResources(this.role, bodies).run(knowledge, world)
  }
  toString = () => `growStore(${this.total})`
}

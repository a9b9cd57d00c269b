import { type OperationSpec, operationList, operationObject } from './operations.ts'
import { resolveRef } from './resolve-ref.ts'
import type { OperationId } from './types.ts'

type Json = Record<string, unknown>

/** A created resource handed to another operation: `parameter` of `operationId` takes the field `field`. */
export interface ResourceLink {
  operationId: OperationId
  parameter: string
  /** The field of the created resource, from the link's `$response.body#/<field>`. */
  field: string
  /** What the link says the target does with it (the link's `description`). */
  description: string
}

/** A query parameter that keeps only the listed resources whose `field` equals its value. */
interface CollectionFilter {
  parameter: string
  field: string
  /** The values a client may send (the parameter's `enum`). */
  values: ReadonlyArray<string>
}

/** The query parameter that caps how many resources a list holds, with its bounds. */
interface CollectionLimit {
  parameter: string
  minimum: number
  maximum: number
  default: number
}

/**
 * What an operation does to the resources it shares with others, as the stateful phase uses it:
 * - `create`: its success answer is a new resource, which its `links` hand on (OpenAPI `links`);
 * - `read`: a safe link target: the resource as created, until it is removed (then its 404);
 * - `remove`: a `DELETE` link target: the resource is gone from reads and lists after a success;
 * - `update`: a `PATCH` or `PUT` link target: the resource changes as sent (a `PUT` replaces it whole), and
 *   every later read and list shows the change;
 * - `list`: `x-collection`: every live resource the creator made, filtered and capped;
 * - `stateless`: nothing to follow (`x-stateless: <why>`, or an operation the interface does not describe).
 */
export type StatefulRole =
  | { kind: 'create'; operationId: OperationId; status: number; links: ReadonlyArray<ResourceLink> }
  | { kind: 'read' | 'remove'; operationId: OperationId; creator: OperationId; link: ResourceLink }
  | { kind: 'update'; operationId: OperationId; creator: OperationId; link: ResourceLink; replaces: boolean }
  | {
      kind: 'list'
      operationId: OperationId
      creator: OperationId
      description: string
      filters: ReadonlyArray<CollectionFilter>
      limit?: CollectionLimit
    }
  | { kind: 'stateless'; operationId: OperationId; reason: string }

/**
 * Thrown while loading when the spec leaves an operation out of the stateful phase, or relates it in a way
 * the phase cannot follow.
 */
class RelationError extends TypeError {
  override name = 'RelationError'
}

/**
 * The `$ref` of the schema an operation answers `status` with (an array's items for a list).
 * @example answerSchemaRef('createPet', '201') // '#/components/schemas/Pet'
 */
export function answerSchemaRef(operationId: OperationId, status: string): string | undefined {
  const responses = operationObject(operationId).responses as Record<string, Json> | undefined
  const content = resolveRef(responses?.[status] ?? {}).content as Record<string, { schema?: Json }> | undefined
  const schema = content?.['application/json']?.schema
  const items = schema?.type === 'array' ? (schema.items as Json | undefined) : schema
  return typeof items?.$ref === 'string' ? items.$ref : undefined
}

function creatorRoles(): Array<StatefulRole & { kind: 'create' }> {
  const roles: Array<StatefulRole & { kind: 'create' }> = []
  for (const operation of operationList) {
    const responses = operationObject(operation.operationId).responses as Record<string, Json>
    for (const [status, response] of Object.entries(responses)) {
      const links = resolveRef(response).links as Record<string, Json> | undefined
      if (!links || !status.startsWith('2')) continue
      roles.push({
        kind: 'create',
        operationId: operation.operationId,
        status: Number(status),
        links: Object.entries(links).map(([name, link]) => toLink(operation, name, link)),
      })
    }
  }
  return roles
}

function toLink(source: OperationSpec, name: string, link: Json): ResourceLink {
  const parameters = Object.entries((link.parameters ?? {}) as Record<string, unknown>)
  const [parameter, expression] = parameters[0] ?? []
  const field = /^\$response\.body#\/([^/]+)$/.exec(String(expression))?.[1]
  if (parameters.length !== 1 || parameter === undefined || field === undefined)
    throw new RelationError(
      `Failed to follow link "${name}" of "${source.operationId}": expected one parameter taking ` +
        `"$response.body#/<field>", got ${JSON.stringify(link.parameters ?? null)}.`,
    )
  return {
    operationId: link.operationId as OperationId,
    parameter,
    field,
    description: String(link.description ?? `${source.operationId} hands its ${field} to ${String(link.operationId)}.`),
  }
}

function linkedRole(
  operation: OperationSpec,
  creators: ReadonlyArray<StatefulRole & { kind: 'create' }>,
): StatefulRole | undefined {
  for (const creator of creators) {
    const link = creator.links.find((candidate) => candidate.operationId === operation.operationId)
    if (!link) continue
    if (operation.safe) return { kind: 'read', operationId: operation.operationId, creator: creator.operationId, link }
    const named = { operationId: operation.operationId, creator: creator.operationId, link }
    if (operation.method === 'DELETE') return { kind: 'remove', ...named }
    if (operation.method === 'PATCH' || operation.method === 'PUT')
      return { kind: 'update', ...named, replaces: operation.method === 'PUT' }
    throw new RelationError(
      `Failed to place "${operation.operationId}" in the stateful phase: it is linked from ` +
        `"${creator.operationId}", but the phase follows a link only to a safe operation (a read), a DELETE ` +
        `(a removal) or a PATCH or PUT (an update), not to ${operation.method}.`,
    )
  }
  return undefined
}

function listRole(
  operation: OperationSpec,
  collection: Json,
  creators: ReadonlyArray<StatefulRole & { kind: 'create' }>,
): StatefulRole {
  const items = answerSchemaRef(operation.operationId, '200')
  const creator = creators.find(
    (candidate) => answerSchemaRef(candidate.operationId, String(candidate.status)) === items,
  )
  if (!creator)
    throw new RelationError(
      `Failed to place "${operation.operationId}" in the stateful phase: its x-collection lists ` +
        `${items ?? 'no schema'}, ` +
        'which no operation with links creates.',
    )
  const parameters = ((operationObject(operation.operationId).parameters ?? []) as Array<Json>).map(resolveRef)
  const parameter = (name: string) => {
    const found = parameters.find((candidate) => candidate.name === name && candidate.in === 'query')
    if (!found)
      throw new RelationError(
        `Failed to read the x-collection of "${operation.operationId}": it names "${name}", which is not one of ` +
          'its query parameters.',
      )
    return resolveRef(found.schema as Json)
  }
  const filters = Object.entries((collection.filters ?? {}) as Record<string, string>).map(([name, field]) => ({
    parameter: name,
    field,
    values: ((parameter(name).enum ?? []) as Array<unknown>).map(String),
  }))
  const limitName = collection.limit as string | undefined
  const limitSchema = limitName === undefined ? undefined : parameter(limitName)
  return {
    kind: 'list',
    operationId: operation.operationId,
    creator: creator.operationId,
    description: String(collection.description ?? ''),
    filters,
    ...(limitName !== undefined &&
      limitSchema && {
        limit: {
          parameter: limitName,
          minimum: Number(limitSchema.minimum ?? 1),
          maximum: Number(limitSchema.maximum ?? Number.MAX_SAFE_INTEGER),
          default: Number(limitSchema.default ?? limitSchema.maximum),
        },
      }),
  }
}

function toRoles(): Record<OperationId, StatefulRole> {
  const creators = creatorRoles()
  const roles = operationList.map((operation): StatefulRole => {
    const { operationId } = operation
    const object = operationObject(operationId)
    const created = creators.find((creator) => creator.operationId === operationId)
    if (created) return created
    const linked = linkedRole(operation, creators)
    if (linked) return linked
    if (typeof object['x-collection'] === 'object') return listRole(operation, object['x-collection'] as Json, creators)
    if (typeof object['x-stateless'] === 'string')
      return { kind: 'stateless', operationId, reason: object['x-stateless'] }
    if (!operation.described)
      return { kind: 'stateless', operationId, reason: 'The interface refers to it but does not describe it.' }
    throw new RelationError(
      `Failed to place "${operationId}" in the stateful phase: link it from the answer of the operation that ` +
        'creates what it reads or removes (OpenAPI links), give it x-collection if it lists what one creates, ' +
        'or say with x-stateless why no sequence of calls can check it.',
    )
  })
  return Object.fromEntries(roles.map((role) => [role.operationId, role])) as Record<OperationId, StatefulRole>
}

/**
 * Every operation's part in the stateful phase, derived from `spec/openapi.yaml` (its `links`,
 * `x-collection` and `x-stateless`): the phase builds its commands and its expectations from these alone.
 * Loading fails, naming the operation, when a described operation has no part and gives no reason.
 * @example statefulRoles.getPet // { kind: 'read', creator: 'createPet', link: { parameter: 'petId', field: 'id', … } }
 */
export const statefulRoles: Readonly<Record<OperationId, StatefulRole>> = toRoles()

/** The roles of one kind, in spec order. */
export function rolesOf<K extends StatefulRole['kind']>(kind: K): Array<StatefulRole & { kind: K }> {
  return Object.values(statefulRoles).filter((role): role is StatefulRole & { kind: K } => role.kind === kind)
}

/** The name of a role: what the stateful phase keys its behaviour by. */
export type Role = StatefulRole['kind']

/** A role that names one resource the creator made, through the creator's link. */
type LinkedRole = Extract<StatefulRole, { link: ResourceLink }>

/**
 * The role of an operation that names one resource another operation created (a read, an update, a removal,
 * or any role a link leads to), with its link and creator: undefined for one that names none.
 * @example namingRole(statefulRoles.getPet)?.link.parameter // 'petId'
 */
export function namingRole(role: StatefulRole): LinkedRole | undefined {
  return 'link' in role ? role : undefined
}

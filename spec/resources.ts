import type * as z from 'zod'
import { isInt64 } from './int64.ts'
import { operationObject, operations } from './operations.ts'
import { answerSchemaRef, rolesOf, type StatefulRole, statefulRoles } from './relations.ts'
import { resolveRef } from './resolve-ref.ts'
import type { OperationId } from './types.ts'

type Json = Record<string, unknown>
type ListRole = StatefulRole & { kind: 'list' }

/** A field every resource of a kind has, with the JSON type (and format) its schema gives it. */
interface RequiredField {
  name: string
  type: string
  format?: string
}

/** The sentences a resource's rules rest on: quoted from the interface, or for what it does not describe, the spec. */
interface ResourceCitations {
  /** What a list of them is (a bare array). */
  list: string
  /** The list's `limit` rule. */
  limit: string
  /** Each filter's rule, by query parameter. */
  filters: Readonly<Record<string, string>>
  /** What reading one by its id gives. */
  read: string
}

/**
 * One kind of resource of the API, keyed by the operation that creates it: what the mock serves and the contract
 * suite checks of every kind alike. Derived from the spec (the creator's links, the list's `x-collection`, the
 * component schemas); what only one kind has (the pets' deprecated read, their int64 `categoryId`) is added on top
 * of it, by name.
 */
export interface ResourceSpec {
  /** The operation that creates one (its answer's links hand the id on): the row's key. */
  creator: OperationId
  /** The status of a successful create. */
  createdStatus: number
  /** The component schema of one, as answered: `Pet`. */
  schemaName: string
  /** What the messages call one: the schema's name in lower case, `pet`. */
  noun: string
  /** What they call several: the last segment of its collection's path, `pets`. */
  plural: string
  /** Its collection's path (the creator's): `/pets`. */
  path: string
  /** The schema of one as answered (int64 exact). */
  schema: z.ZodType
  /** The fields every one has and their types: what the suite relies on (`isResource`). */
  required: ReadonlyArray<RequiredField>
  /** Its identifier: the field the creator's links hand on. */
  idField: string
  /** The operation that reads one by its id, and the path parameter that takes it. */
  read?: { operationId: OperationId; parameter: string }
  /** The operation that lists them, its filters and its `limit` (bounds from the parameter's schema). */
  list?: Pick<ListRole, 'operationId' | 'filters' | 'limit'>
  citations: ResourceCitations
}

const creates = rolesOf('create')

/** The fields an answer's schema requires, with their types, `$ref`s followed. */
function requiredFields(schemaName: string): Array<RequiredField> {
  const schema = resolveRef({ $ref: `#/components/schemas/${schemaName}` }) as Json
  const properties = (schema.properties ?? {}) as Record<string, Json>
  return ((schema.required ?? []) as Array<string>).map((name) => {
    const property = resolveRef(properties[name] ?? {})
    return {
      name,
      type: String(property.type ?? 'any'),
      ...(typeof property.format === 'string' && { format: property.format }),
    }
  })
}

function toResource(creator: StatefulRole & { kind: 'create' }): ResourceSpec {
  const { operationId, status } = creator
  const ref = answerSchemaRef(operationId, String(status)) ?? ''
  const schemaName = ref.split('/').at(-1) ?? ''
  const read = rolesOf('read').find((role) => role.creator === operationId)
  const list = rolesOf('list').find((role) => role.creator === operationId)
  const basis = ((list && (operationObject(list.operationId)['x-collection'] as Json).basis) ?? {}) as Record<
    string,
    string
  >
  // What the interface does not describe rests on what the spec says of it: the list's and the link's descriptions.
  const listSays = list?.description ?? ''
  const schema = operations[operationId].responseSchema(status)
  if (!schema)
    throw new TypeError(`Failed to read the resource "${operationId}" creates: its ${status} answer has no schema.`)
  return {
    creator: operationId,
    createdStatus: status,
    schemaName,
    noun: schemaName.toLowerCase(),
    plural:
      operations[operationId].path
        .split('/')
        .filter((segment) => segment && !segment.startsWith('{'))
        .at(-1) ?? `${schemaName.toLowerCase()}s`,
    path: operations[operationId].path,
    schema,
    required: requiredFields(schemaName),
    idField: creator.links[0]?.field ?? 'id',
    ...(read && { read: { operationId: read.operationId, parameter: read.link.parameter } }),
    ...(list && {
      list: { operationId: list.operationId, filters: list.filters, ...(list.limit && { limit: list.limit }) },
    }),
    citations: {
      list: basis.list ?? listSays,
      limit: basis[list?.limit?.parameter ?? 'limit'] ?? listSays,
      filters: Object.fromEntries(
        (list?.filters ?? []).map(({ parameter }) => [parameter, basis[parameter] ?? listSays]),
      ),
      read: read?.link.description ?? '',
    },
  }
}

/**
 * Every kind of resource of the spec, keyed by its creating operation, in spec order: its schema, its read, its
 * list with `limit` and filters, its id parameter, and the sentences its rules rest on. The mock serves each from
 * one generic collection (the pets from their own table) and the suite checks each alike.
 * @example resources.createPet?.list?.limit // { parameter: 'limit', minimum: 1, maximum: 100, default: 20 }
 */
export const resources: Readonly<Record<string, ResourceSpec>> = Object.fromEntries(
  creates.map((creator) => [creator.operationId, toResource(creator)]),
)

/** The rows as a list, in spec order. */
export const resourceList: ReadonlyArray<ResourceSpec> = Object.values(resources)

/**
 * The resource an operation acts on: the one it creates, or the one its link or its list names. Undefined for an
 * operation that acts on none (a stateless one).
 * @example resourceOf('getPet')?.creator // 'createPet'
 */
export function resourceOf(operationId: OperationId): ResourceSpec | undefined {
  const role = statefulRoles[operationId]
  if (role.kind === 'create') return resources[role.operationId]
  return 'creator' in role ? resources[role.creator] : undefined
}

/**
 * The resource a list operation lists, with its list: what a list check reads its rules from.
 * @throws TypeError when the operation lists nothing
 * @example listedResource('listPets').list.limit?.maximum // 100
 */
export function listedResource(operationId: OperationId): ResourceSpec & { list: NonNullable<ResourceSpec['list']> } {
  const resource = resourceOf(operationId)
  if (!resource?.list || resource.list.operationId !== operationId)
    throw new TypeError(`Failed to read the list "${operationId}": the spec gives it no x-collection.`)
  return resource as ResourceSpec & { list: NonNullable<ResourceSpec['list']> }
}

/** The bounds and default of a list's `limit`, from its parameter's schema. */
export type ListLimit = NonNullable<ListRole['limit']>

/**
 * The `limit` rule of a list: the one form of it, read from its parameter's schema by `spec/relations.ts`.
 * @throws TypeError when the operation is no list with a limit
 * @example listLimit('listPets') // { parameter: 'limit', minimum: 1, maximum: 100, default: 20 }
 */
export function listLimit(operationId: OperationId): ListLimit {
  const { limit } = listedResource(operationId).list
  if (!limit) throw new TypeError(`Failed to read the limit of "${operationId}": its x-collection names none.`)
  return limit
}

const holdsType: Record<string, (value: unknown, format?: string) => boolean> = {
  integer: (value, format) => (format === 'int64' ? isInt64(value) : Number.isSafeInteger(value)),
  number: (value) => typeof value === 'number' || typeof value === 'bigint',
  string: (value) => typeof value === 'string',
  boolean: (value) => typeof value === 'boolean',
  array: (value) => Array.isArray(value),
  object: (value) => typeof value === 'object' && value !== null && !Array.isArray(value),
}

/**
 * Whether a value has the fields of the resource the suite relies on: every required field, of the type its
 * schema gives (an int64 exactly). The rest is the response schema check's.
 * @example isResource(resources.createPet, { id: 1, name: 'Rex', categoryId: 2 }) // true
 */
export function isResource(resource: Pick<ResourceSpec, 'required'>, value: unknown): boolean {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false
  const fields = value as Record<string, unknown>
  return resource.required.every(({ name, type, format }) => (holdsType[type] ?? (() => true))(fields[name], format))
}

/**
 * The largest page any list of the spec may hold: how many members of a list a reader keeps at most.
 * @example largestPage // 100
 */
export const largestPage: number = Math.max(0, ...resourceList.map((resource) => resource.list?.limit?.maximum ?? 0))

import type * as z from 'zod'
import { isInt64 } from './int64.ts'
import { openapiDocument } from './openapi-document.ts'
import { operationObject, operations } from './operations.ts'
import { type PathValue, pathValue } from './path-value.ts'
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

/**
 * The sentences a resource's rules rest on: for a resource the interface describes, its own sentences as the spec
 * quotes them; for any other, the spec's, each with where the spec says it (`spec/openapi.yaml GET /owners
 * x-collection.basis.limit: "…"`).
 */
interface ResourceCitations {
  /** What a list of them is (a bare array). */
  list: string
  /** The list's `limit` rule. */
  limit: string
  /** Each filter's rule, by query parameter. */
  filters: Readonly<Record<string, string>>
  /** What reading one by its id gives. */
  read: string
  /** What the create answers (its success answer's description). */
  created: string
  /** What a read of an id that names none answers (its 404's description), when the spec gives one. */
  notFound: string
  /** What the create answers to a body it does not take (its 400's description), when the spec gives one. */
  invalidBody: string
  /** What the id is (its description in the schema, else what the read's link says). */
  id: string
}

/** Whose words a resource's rules are: the interface document's (`x-interface-describes` on a tag) or the spec's. */
type StatedBy = 'interface' | 'spec'

/** The identifier of a resource: its field, its schema (from the read's path parameter) and its reader. */
interface ResourceId {
  field: string
  /** The JSON Schema of the id (`$ref`s resolved): an integer of a format, a string of a format or a pattern. */
  schema: Readonly<Json>
  /** Reads an id from a path parameter's text: the value it names, or none. */
  value: PathValue
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
  /** Its identifier's schema and reader: what new ids, valid, malformed and unknown ones are made from. */
  id: ResourceId
  /** The component schema of the body its create takes (`NewPet`), when it names one. */
  bodyName?: string
  /** Whose words its rules are: the interface document's, or the spec's own for a resource the interface lacks. */
  statedBy: StatedBy
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

/** Whether the interface document describes an operation: one of its tags says so (`x-interface-describes`). */
function describedByInterface(operationId: OperationId): boolean {
  const tags = (operationObject(operationId).tags ?? []) as Array<string>
  const marked = (openapiDocument.tags as ReadonlyArray<Json>).filter((tag) => tag['x-interface-describes'] === true)
  return marked.some((tag) => tags.includes(String(tag.name)))
}

/** A description of a response of an operation, `$ref` followed. */
function responseSays(operationId: OperationId, status: string): string {
  const responses = (operationObject(operationId).responses ?? {}) as Record<string, Json>
  return String(resolveRef(responses[status] ?? {}).description ?? '')
}

/** The schema of the id: the read's path parameter's, else the id property of the schema as answered. */
function idSchema(schemaName: string, field: string, read?: StatefulRole & { kind: 'read' }): Json {
  const parameter = read
    ? ((operationObject(read.operationId).parameters ?? []) as Array<Json>)
        .map(resolveRef)
        .find((candidate) => candidate.in === 'path' && candidate.name === read.link.parameter)
    : undefined
  if (parameter?.schema) return resolveRef(parameter.schema as Json)
  const answered = resolveRef({ $ref: `#/components/schemas/${schemaName}` }) as Json
  return resolveRef(((answered.properties ?? {}) as Record<string, Json>)[field] ?? {})
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
  const statedBy: StatedBy = describedByInterface(operationId) ? 'interface' : 'spec'
  /** A sentence of the spec and where it stands, for a resource whose rules are the spec's own. */
  const at = (where: string, sentence: string) =>
    statedBy === 'interface' || sentence === '' ? sentence : `spec/openapi.yaml ${where}: "${sentence}"`
  const listAt = list && `${operations[list.operationId].method} ${operations[list.operationId].path} x-collection`
  // What the interface does not describe rests on what the spec says of it: the list's and the link's descriptions.
  const listSays = (name: string) =>
    basis[name] !== undefined ? at(`${listAt}.basis.${name}`, basis[name]) : at(`${listAt}`, list?.description ?? '')
  const schema = operations[operationId].responseSchema(status)
  if (!schema)
    throw new TypeError(`Failed to read the resource "${operationId}" creates: its ${status} answer has no schema.`)
  const idField = creator.links[0]?.field ?? 'id'
  const id = idSchema(schemaName, idField, read)
  const { method, path } = operations[operationId]
  const linkName = Object.keys(
    (resolveRef(((operationObject(operationId).responses ?? {}) as Record<string, Json>)[String(status)] ?? {}).links ??
      {}) as Json,
  )[0]
  const readSays = read ? at(`${method} ${path} ${status} links.${linkName}`, read.link.description) : ''
  const idSays = typeof id.description === 'string' ? at(`${schemaName}.${idField}`, id.description) : readSays
  const bodyName = requestBodyName(operationId)
  return {
    creator: operationId,
    createdStatus: status,
    schemaName,
    noun: schemaName.toLowerCase(),
    plural:
      path
        .split('/')
        .filter((segment) => segment && !segment.startsWith('{'))
        .at(-1) ?? `${schemaName.toLowerCase()}s`,
    path,
    schema,
    required: requiredFields(schemaName),
    idField,
    id: { field: idField, schema: id, value: pathValue(id) },
    ...(bodyName && { bodyName }),
    statedBy,
    ...(read && { read: { operationId: read.operationId, parameter: read.link.parameter } }),
    ...(list && {
      list: { operationId: list.operationId, filters: list.filters, ...(list.limit && { limit: list.limit }) },
    }),
    citations: {
      list: listSays('list'),
      limit: listSays(list?.limit?.parameter ?? 'limit'),
      filters: Object.fromEntries((list?.filters ?? []).map(({ parameter }) => [parameter, listSays(parameter)])),
      read: readSays,
      created: at(`${method} ${path} ${status}`, responseSays(operationId, String(status))),
      invalidBody: at(`${method} ${path} 400`, responseSays(operationId, '400')),
      notFound: read
        ? at(
            `${operations[read.operationId].method} ${operations[read.operationId].path} 404`,
            responseSays(read.operationId, '404'),
          )
        : '',
      id: idSays,
    },
  }
}

/** The component schema the create's JSON body names (`NewPet`), if it names one. */
function requestBodyName(operationId: OperationId): string | undefined {
  const body = resolveRef((operationObject(operationId).requestBody ?? {}) as Json)
  const media = (body.content as Record<string, Json> | undefined)?.['application/json']
  const ref = (media?.schema as Json | undefined)?.$ref
  return typeof ref === 'string' ? ref.split('/').at(-1) : undefined
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

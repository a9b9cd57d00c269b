import * as z from 'zod'
import { int64Exact } from './int64.ts'
import { componentJsonSchema, openapiDocument } from './openapi-document.ts'
import { type PathValue, pathValue } from './path-value.ts'
import { resolveRef } from './resolve-ref.ts'
import type { OperationId } from './types.ts'

/** Which base address an operation lives under: `{base_url}` (`/v1`) or `{messages_base_url}`. */
export type ApiBase = 'pets' | 'messages'

/** A request the operation accepts, from the spec's examples: what a test sends when only one thing may be wrong. */
interface SampleRequest {
  /** Path parameters by name (the parameter's `example`). */
  params: Readonly<Record<string, string | number>>
  /** Query parameters that are required, by name (none today). */
  query: Readonly<Record<string, string | number>>
  /** The request body's `example`, when the operation takes a body. */
  json?: unknown
}

/** Everything the project knows of one operation of the spec, derived from `spec/openapi.yaml`. */
export interface OperationSpec {
  operationId: OperationId
  /** Upper-case HTTP method. */
  method: string
  /** Path template as in the spec, relative to its base: `/pets/{petId}`. */
  path: string
  /** The same path with `:name` parameters, as routers write it: `/pets/:petId`. */
  pattern: string
  base: ApiBase
  /**
   * Whether the method is safe (RFC 9110 section 9.2.1: GET, HEAD, OPTIONS, TRACE). An unsafe operation is
   * skipped by read-only runs, and a check names in it only data the run itself created.
   */
  safe: boolean
  /** False for an operation the interface refers to but does not describe (`x-not-described`). */
  described: boolean
  deprecated: boolean
  /** `x-sunset` and `x-deprecation-date` of a deprecated operation (YYYY-MM-DD). */
  sunset?: string
  deprecationDate?: string
  /** Response keys as the spec writes them: `200`, `2XX`, … */
  documentedStatuses: ReadonlyArray<string>
  /** The statuses a target can be expected to give: documented, and not only the mock's choice (`x-mock-behaviour`). */
  promisedStatuses: ReadonlyArray<string>
  /** Whether the spec documents this status, exactly or by range (`2XX`). */
  documents(status: number): boolean
  /** The body schema the spec gives for this status, when it gives one. */
  responseSchema(status: number): z.ZodType | undefined
  /** The schema of its JSON request body (int64 exact), when it takes one. */
  requestSchema: z.ZodType | undefined
  /** A valid request, from the spec's examples. */
  sample: SampleRequest
  /**
   * Whether a path parameter's raw text (percent-decoded) is a value of its schema (`pathValue`): an integer of its
   * format's range, one of its enum, a string its format, pattern and lengths admit. A request with another names
   * no resource of the operation.
   */
  pathValueValid(name: string, raw: string): boolean
  /**
   * The reader of a path parameter's values, from its schema (`spec/path-value.ts`).
   * @throws TypeError when the operation has no such path parameter
   */
  pathValue(name: string): PathValue
}

type Json = Record<string, unknown>

const httpMethods = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const
const safeMethods: ReadonlySet<string> = new Set(['get', 'head', 'options', 'trace'])
const schemaDefs = (componentJsonSchema('Pet') as { $defs: Json }).$defs

function toSchema(response: Json): z.ZodType | undefined {
  const content = resolveRef(response).content as Record<string, { schema?: Json }> | undefined
  const schema = content?.['application/json']?.schema
  if (!schema) return undefined
  const rewritten = JSON.parse(JSON.stringify(schema).replaceAll('#/components/schemas/', '#/$defs/')) as Json
  return int64Exact(z.fromJSONSchema({ ...rewritten, $defs: schemaDefs } as Parameters<typeof z.fromJSONSchema>[0]))
}

function responseKey(keys: ReadonlyArray<string>, status: number): string | undefined {
  const exact = String(status)
  if (keys.includes(exact)) return exact
  const range = `${exact[0]}XX`
  return keys.includes(range) ? range : undefined
}

function toSample(operationId: string, operation: Json): SampleRequest {
  const params: Record<string, string | number> = {}
  const query: Record<string, string | number> = {}
  for (const parameter of ((operation.parameters ?? []) as Array<Json>).map(resolveRef)) {
    if (parameter.in !== 'path' && !(parameter.in === 'query' && parameter.required === true)) continue
    if (parameter.example === undefined) {
      throw new TypeError(
        `Failed to build the sample request of "${operationId}": parameter "${String(parameter.name)}" has no ` +
          `example in spec/openapi.yaml.`,
      )
    }
    const target = parameter.in === 'path' ? params : query
    target[String(parameter.name)] = parameter.example as string | number
  }
  const body = operation.requestBody ? resolveRef(operation.requestBody as Json) : undefined
  if (!body) return { params, query }
  const media = (body.content as Record<string, Json> | undefined)?.['application/json']
  if (media?.example === undefined) {
    throw new TypeError(
      `Failed to build the sample request of "${operationId}": its request body has no example in spec/openapi.yaml.`,
    )
  }
  return { params, query, json: media.example }
}

/** The readers of an operation's path parameters, by name, each from its schema. */
function pathValues(operation: Json): ReadonlyMap<string, PathValue> {
  const parameters = ((operation.parameters ?? []) as Array<Json>).map(resolveRef)
  return new Map(
    parameters
      .filter((parameter) => parameter.in === 'path')
      .map((parameter) => [String(parameter.name), pathValue(resolveRef((parameter.schema ?? {}) as Json))]),
  )
}

function toOperations(): Record<OperationId, OperationSpec> {
  const entries: Array<OperationSpec> = []
  for (const [path, item] of Object.entries(openapiDocument.paths) as Array<[string, Json]>) {
    // A path with servers of its own is the quickstart messages API, served at its own base.
    const base: ApiBase = 'servers' in item ? 'messages' : 'pets'
    for (const method of httpMethods) {
      const operation = item[method] as Json | undefined
      if (!operation) continue
      const operationId = operation.operationId as OperationId
      const responses = operation.responses as Record<string, Json>
      const keys = Object.keys(responses)
      const schemas = new Map(keys.map((key) => [key, toSchema(responses[key] as Json)]))
      const readers = pathValues(operation)
      entries.push({
        operationId,
        method: method.toUpperCase(),
        path,
        pattern: path.replace(/\{([^}]+)\}/g, ':$1'),
        base,
        safe: safeMethods.has(method),
        described: operation['x-not-described'] !== true,
        deprecated: operation.deprecated === true,
        sunset: operation['x-sunset'] as string | undefined,
        deprecationDate: operation['x-deprecation-date'] as string | undefined,
        documentedStatuses: keys,
        promisedStatuses: keys.filter((key) => {
          const response = responses[key] as Json
          return response['x-mock-behaviour'] !== true && resolveRef(response)['x-mock-behaviour'] !== true
        }),
        documents: (status) => responseKey(keys, status) !== undefined,
        responseSchema: (status) => {
          const key = responseKey(keys, status)
          return key === undefined ? undefined : schemas.get(key)
        },
        requestSchema: operation.requestBody ? toSchema(operation.requestBody as Json) : undefined,
        sample: toSample(operationId, operation),
        pathValueValid: (name, raw) => readers.get(name)?.read(raw) !== undefined || !readers.has(name),
        pathValue(name) {
          const reader = readers.get(name)
          if (!reader)
            throw new TypeError(`Failed to read "${name}" of "${operationId}": it has no such path parameter.`)
          return reader
        },
      })
    }
  }
  return Object.fromEntries(entries.map((entry) => [entry.operationId, entry])) as Record<OperationId, OperationSpec>
}

/**
 * The operations catalogue: every operation of the spec by `operationId`, with its method, path, base,
 * whether it is safe, its documented statuses and response schemas, and a valid sample request. Every
 * list of operations in the project derives from it; a per-operation table is a `Record<OperationId, …>`
 * so the compiler names each place a new operation must be taught.
 * @example operations.getPet.method // 'GET'
 */
export const operations: Readonly<Record<OperationId, OperationSpec>> = toOperations()

/** The catalogue as a list, in spec order. */
export const operationList: ReadonlyArray<OperationSpec> = Object.values(operations)

/**
 * The spec's own object for an operation (`paths[path][method]`), as written: what the catalogue leaves out
 * (parameters as declared, `links`, `x-` extensions).
 * @example operationObject('listPets').operationId // 'listPets'
 */
export function operationObject(operationId: OperationId): Json {
  const { path, method } = operations[operationId]
  const item = (openapiDocument.paths as unknown as Record<string, Json>)[path] as Json
  return item[method.toLowerCase()] as Json
}

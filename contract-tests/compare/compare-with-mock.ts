import { openapiDocument } from '../../spec/openapi-document.ts'
import { operations } from '../../spec/operations.ts'
import { resourceOf } from '../../spec/resources.ts'
import type { OperationId } from '../../spec/types.ts'
import type { Difference } from '../shared/comparison.ts'
import type { Exchange } from '../shared/exchange.ts'
import type { RunResult } from '../shared/run-result.ts'
import { idOrder } from '../values/query-values.ts'
import { type JsonSchema, resolve } from '../values/spec-parameters.ts'

type Json = Record<string, unknown>
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value)

/** A request without what differs between two runs (the origin, ids in the path, the run tag in bodies). */
function requestKey(exchange: Exchange): string {
  const url = new URL(exchange.request.url)
  const body = (exchange.request.body ?? '').replace(/contract-[a-z0-9]+/g, 'tag')
  const auth = exchange.request.headers.authorization === undefined ? 'no key' : 'key'
  return `${exchange.operationId} ${exchange.request.method} ${url.search} ${auth} ${body}`
}

function objectsOf(value: unknown): Array<Json> {
  if (Array.isArray(value)) return value.filter(isObject)
  return isObject(value) ? [value] : []
}

/** The fields the spec gives the body of an answer (of the items, for an array). */
function specFields(operationId: string, status: number): Set<string> {
  const operation = operations[operationId as OperationId]
  if (!operation) return new Set()
  const item = (openapiDocument.paths as unknown as Record<string, Json>)[operation.path] as Json
  const responses = (item[operation.method.toLowerCase()] as Json).responses as Record<string, Json>
  const key = [String(status), `${String(status)[0]}XX`].find((candidate) => candidate in responses)
  if (!key) return new Set()
  const content = resolve(responses[key] as Json).content as Record<string, { schema?: JsonSchema }> | undefined
  const schema = resolve(content?.['application/json']?.schema ?? {}) as JsonSchema & { items?: JsonSchema }
  return new Set(Object.keys(resolve(schema.items ?? schema).properties ?? {}))
}

/** The differences one pair of answers to the same request shows. */
function differencesOf(target: Exchange, mock: Exchange): Array<Omit<Difference, 'count' | 'example'>> {
  const operationId = target.operationId
  const t = target.response
  const m = mock.response
  if (!t || !m) return []
  const found: Array<Omit<Difference, 'count' | 'example'>> = []
  if (t.status !== m.status)
    found.push({ kind: 'status', operationId, detail: `the target answers ${t.status}, the mock ${m.status}` })
  const tType = t.headers['content-type']?.split(';')[0]?.trim()
  const mType = m.headers['content-type']?.split(';')[0]?.trim()
  if (tType !== mType)
    found.push({ kind: 'content type', operationId, detail: `the target sends ${tType}, the mock ${mType}` })
  // Bodies are compared within a class only: an Error beside a resource says nothing more than the statuses.
  if (Math.floor(t.status / 100) !== Math.floor(m.status / 100)) return found
  const tObjects = objectsOf(t.json)
  const fields = specFields(operationId, m.status)
  const extra = [...new Set(tObjects.flatMap((object) => Object.keys(object)).filter((key) => !fields.has(key)))]
  if (fields.size > 0 && extra.length > 0)
    found.push({ kind: 'extra fields', operationId, detail: `the target adds ${extra.sort().join(', ')}` })
  if (t.status >= 400 && isObject(t.json) && isObject(m.json) && t.json.code !== m.json.code)
    found.push({
      kind: 'error code',
      operationId,
      detail: `the target says "${t.json.code}", the mock "${m.json.code}"`,
    })
  const sent = target.request.body ? safeParse(target.request.body) : undefined
  const resource = resourceOf(operationId)
  if (resource?.creator === operationId && t.status < 300 && isObject(sent)) {
    // A field the spec gives the created resource, left out of the body: what each side puts there by default.
    for (const field of [...fields].filter((name) => name !== resource.idField && !(name in sent))) {
      const tValue = isObject(t.json) ? t.json[field] : undefined
      const mValue = isObject(m.json) ? m.json[field] : undefined
      if (JSON.stringify(tValue) !== JSON.stringify(mValue))
        found.push({
          kind: `default ${field}`,
          operationId,
          detail:
            `a ${resource.noun} created without ${field} gets ${JSON.stringify(tValue) ?? 'none'} from the target, ` +
            `${JSON.stringify(mValue) ?? 'none'} from the mock`,
        })
    }
  }
  const order = resource?.list?.operationId === operationId ? idOrder(resource.id.schema) : undefined
  if (order && resource && Array.isArray(t.json) && Array.isArray(m.json)) {
    const ids = tObjects.map((item) => order(String(item[resource.idField] ?? '')))
    const ascending = ids.every((id, index) => index === 0 || (ids[index - 1] as bigint) < id)
    if (!ascending && ids.length > 1)
      found.push({
        kind: 'order',
        operationId,
        detail: `the target lists ${resource.plural} in another order than by id, as the mock does`,
      })
  }
  return found
}

function safeParse(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}

/**
 * Where the target answered the same requests differently from the in-process mock, in the ways the
 * interface leaves open (which status, extra fields, the defaults of a resource created without its optional fields,
 * list order where the mock's ids give one, error codes, content types): the mock's fidelity seen from a real
 * deployment. Never a failure.
 * @example compareWithMock(targetRun, mockRun).map((difference) => difference.detail)
 */
export function compareWithMock(target: RunResult, mock: RunResult): Array<Difference> {
  const differences = new Map<string, Difference>()
  const mockByTitle = new Map(mock.scenarios.map((scenario) => [scenario.title, scenario]))
  for (const scenario of [target.setup, ...target.scenarios]) {
    const twin = scenario === target.setup ? mock.setup : mockByTitle.get(scenario.title)
    if (!twin) continue
    const pending = new Map<string, Array<Exchange>>()
    for (const exchange of twin.exchanges) {
      const key = requestKey(exchange)
      pending.set(key, [...(pending.get(key) ?? []), exchange])
    }
    for (const exchange of scenario.exchanges) {
      const match = pending.get(requestKey(exchange))?.shift()
      if (!match) continue
      for (const found of differencesOf(exchange, match)) {
        const key = `${found.kind} ${found.operationId} ${found.detail}`
        const known = differences.get(key)
        if (known) known.count++
        else
          differences.set(key, {
            ...found,
            example: `${exchange.request.method} ${exchange.request.url}`,
            count: 1,
          })
      }
    }
  }
  return [...differences.values()]
}

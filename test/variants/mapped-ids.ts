import { isInt64 } from '../../spec/int64.ts'
import { parseJson } from '../../spec/json/parse-json.ts'
import { stringifyJson } from '../../spec/json/stringify-json.ts'
import { mapJson, rewrite, routeOf, type Variant, withPathParams } from './variant.ts'

/** Two directions of one id mapping: the good mock's id as the client sees it, and back. */
export interface IdMapping {
  toClient(id: bigint): bigint
  /** The good mock's id for an id a client sends (one that names no pet there when none maps to it). */
  toMock(id: bigint): bigint
}

// `id`, `petId`, `orderId`: a path parameter the store numbers.
const namesAnId = /(?:^id|Id)$/

/**
 * A store that numbers its records its own way: the good mock behind `mapping`, applied at one seam to every
 * operation the router knows, whatever the method: every path parameter named like an id and every integer
 * `id` of a request body go through `toMock`, every integer `id` of an answer's body through `toClient`.
 * A value that is no int64 is left as it came, for the good mock to refuse.
 * @example mappedIds('large-ids', 'assigns ids above 10^12', { toClient: (id) => id + 10n ** 12n, toMock: … })
 */
export function mappedIds(name: string, description: string, mapping: IdMapping): Variant {
  return rewrite({
    name,
    description,
    request: (r) => {
      if (!routeOf(r)) return r
      const request = withPathParams(r, (param, raw) => (namesAnId.test(param) ? mappedParam(raw, mapping) : raw))
      const body = parsed(request.body)
      if (body === undefined) return request
      const changed = mapIdsIn(body, mapping.toMock)
      return changed === body ? request : { ...request, body: stringifyJson(changed) }
    },
    response: async (response, r) => {
      if (!routeOf(r)) return response
      const body = parsed(await response.clone().text())
      if (body === undefined || mapIdsIn(body, mapping.toClient) === body) return response
      return mapJson(response, (value) => mapIdsIn(value, mapping.toClient))
    },
  })
}

/** An id offset: the good mock's ids moved up by `offset`, a store whose ids start elsewhere. */
export function offsetIds(offset: bigint): IdMapping {
  return {
    toClient: (id) => id + offset,
    // Ids start above the offset: a smaller one names no pet (0 names none in the good mock either).
    toMock: (id) => (id > offset ? id - offset : 0n),
  }
}

function mappedParam(raw: string, mapping: IdMapping): string {
  let text = raw
  try {
    text = decodeURIComponent(raw)
  } catch {
    return raw
  }
  if (!/^-?[0-9]{1,20}$/.test(text) || !isInt64(BigInt(text))) return raw
  return String(mapping.toMock(BigInt(text)))
}

function parsed(text: string | undefined): unknown {
  if (!text) return undefined
  try {
    return parseJson(text)
  } catch {
    return undefined
  }
}

/** `value` with every integer `id` at any depth changed; the same value when there is none. */
function mapIdsIn(value: unknown, change: (id: bigint) => bigint): unknown {
  if (typeof value !== 'object' || value === null) return value
  let changed = false
  const entries = Object.entries(value).map(([key, item]) => {
    const next = key === 'id' && isInt64(item) ? asJsonInteger(change(BigInt(item))) : mapIdsIn(item, change)
    changed ||= next !== item
    return [key, next] as const
  })
  if (!changed) return value
  return Array.isArray(value) ? entries.map(([, item]) => item) : Object.fromEntries(entries)
}

/** A number while it is safe, as the good mock writes ids, else the exact bigint. */
function asJsonInteger(id: bigint): number | bigint {
  return Number.isSafeInteger(Number(id)) ? Number(id) : id
}

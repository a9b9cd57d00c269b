import type { FetchLike } from '../../contract-tests/client/contract-client.ts'
import { developmentApiKey } from '../../mocks/core/development-api-key.ts'
import { parseJson } from '../../spec/json/parse-json.ts'
import { stringifyJson } from '../../spec/json/stringify-json.ts'
import { operationList } from '../../spec/operations.ts'
import type { OperationId } from '../../spec/types.ts'

/** A request as a variant sees it, before it reaches the good mock. */
export interface VariantRequest {
  method: string
  url: URL
  headers: Record<string, string>
  body?: string
}

/**
 * Another implementation of the interface, made by wrapping the good mock's fetch: a conformant one
 * that makes a different allowed choice, or a faulty one with exactly one defect.
 */
export interface Variant {
  name: string
  description: string
  /** For a faulty variant: the check that must catch it. */
  caughtBy?: string
  /** For a conformant variant: it differs from a choice of our spec (`x-mock-behaviour`), so `--strict` fails it. */
  deviates?: boolean
  wrap(fetch: FetchLike): FetchLike
}

/** The request a fetch call describes, with lower-case header names. */
export function readRequest(input: string, init: RequestInit = {}): VariantRequest {
  const headers: Record<string, string> = {}
  for (const [name, value] of Object.entries((init.headers ?? {}) as Record<string, string>))
    headers[name.toLowerCase()] = value
  return {
    method: (init.method ?? 'GET').toUpperCase(),
    url: new URL(input),
    headers,
    body: init.body as string | undefined,
  }
}

/** The Authorization header the good mock accepts: its development key. */
export const validAuth = `Bearer ${developmentApiKey}`

/** A request's body as a JSON object, or undefined when it is not one. */
export function jsonBodyOf(request: VariantRequest): Record<string, unknown> | undefined {
  try {
    const body = parseJson(request.body ?? '')
    return typeof body === 'object' && body !== null && !Array.isArray(body)
      ? (body as Record<string, unknown>)
      : undefined
  } catch {
    return undefined
  }
}

/** Sends a (possibly changed) request on to the wrapped fetch. */
export function forward(fetch: FetchLike, request: VariantRequest, init: RequestInit = {}): Promise<Response> {
  return fetch(request.url.href, { ...init, method: request.method, headers: request.headers, body: request.body })
}

/** A JSON answer in the shape the good mock gives. */
export function json(status: number, value: unknown, headers: Record<string, string> = {}): Response {
  return new Response(value === undefined ? null : stringifyJson(value), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  })
}

// Each operation's path as a pattern on the end of a URL path (`/pets/{petId}` matches `/v1/pets/7`), a trailing
// slash allowed as the mock's router allows it.
const matchers = operationList.map((operation) => ({
  operation,
  path: new RegExp(`${operation.path.replace(/\{[^}]+\}/g, '[^/]+')}/?$`),
}))

/**
 * Which operation of the catalogue a request is for, by method and path.
 * @example operationOf(readRequest('http://petstore.test/v1/pets/7')) // 'getPet'
 */
export function operationOf({ method, url }: VariantRequest): OperationId | undefined {
  return matchers.find(({ operation, path }) => operation.method === method && path.test(url.pathname))?.operation
    .operationId
}

/**
 * A variant that changes requests before the good mock sees them and/or responses after.
 * @example rewrite({ name, description, request: (r) => ({ ...r, headers: {} }) })
 */
export function rewrite(options: {
  name: string
  description: string
  caughtBy?: string
  deviates?: boolean
  request?: (request: VariantRequest) => VariantRequest | Response | Promise<VariantRequest | Response>
  response?: (response: Response, request: VariantRequest) => Response | Promise<Response>
}): Variant {
  return {
    name: options.name,
    description: options.description,
    caughtBy: options.caughtBy,
    deviates: options.deviates,
    wrap: (fetch) => async (input, init) => {
      const original = readRequest(input, init)
      const changed = options.request ? await options.request(original) : original
      if (changed instanceof Response) return changed
      const response = await forward(fetch, changed, { signal: init?.signal })
      return options.response ? options.response(response, original) : response
    },
  }
}

/** Replaces the JSON body of a response, keeping its status and headers. */
export async function mapJson(
  response: Response,
  change: (value: unknown) => unknown,
  status = response.status,
): Promise<Response> {
  const text = await response.text()
  let value: unknown
  try {
    value = parseJson(text)
  } catch {
    // Not JSON: the change sees undefined.
  }
  return json(
    status,
    change(value),
    Object.fromEntries([...response.headers].filter(([name]) => name !== 'content-length')),
  )
}

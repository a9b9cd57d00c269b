import type { FetchLike } from '../../contract-tests/client/contract-client.ts'
import { type RunContractOptions, runContract } from '../../contract-tests/run/run-contract.ts'
import type { RunResult } from '../../contract-tests/shared/run-result.ts'
import { findRoute } from '../../mocks/core/route-table.ts'
import { createPetStoreMock, type PetStoreMockOptions } from '../../mocks/create-pet-store-mock.ts'
import type { PetStoreModel } from '../../mocks/model/create-pet-store-model.ts'
import { createMount } from '../../mocks/msw/create-mount.ts'
import { developmentApiKey } from '../../shared/development-api-key.ts'
import { parseJson } from '../../spec/json/parse-json.ts'
import { stringifyJson } from '../../spec/json/stringify-json.ts'
import type { OperationSpec } from '../../spec/operations.ts'
import type { OperationId } from '../../spec/types.ts'

/** A request as a variant sees it, before it reaches the good mock. */
export interface VariantRequest {
  method: string
  url: URL
  headers: Record<string, string>
  /** The body as text, when it is UTF-8. */
  body?: string
  /** A body whose bytes are not UTF-8 (then `body` is undefined): passed on as they came. */
  bytes?: Uint8Array
  /** A body sent as a stream (chunked), not yet read: `readWhole` reads it. */
  stream?: ReadableStream<Uint8Array>
}

/** Calls of the model the operations answer from, which a variant may answer its own way. */
export type ModelChange = Partial<Pick<PetStoreModel, 'listPets' | 'findPet' | 'allPets' | 'createPet'>>

/**
 * Another implementation of the interface, made from the good mock (its router, operations and model): a
 * conformant one that makes a different allowed choice, or a faulty one with exactly one defect. The one
 * difference sits at one seam: its fetch wrapped (`wrap`), or a call of its model answered otherwise (`model`).
 */
export interface Variant {
  name: string
  description: string
  /** For a faulty variant: the check that must catch it. */
  caughtBy?: string
  /** For a conformant variant: it differs from a choice of our spec (`x-mock-behaviour`), so `--strict` fails it. */
  deviates?: boolean
  wrap(fetch: FetchLike): FetchLike
  /** The model calls this variant answers otherwise, given the good mock's model. */
  model?(model: PetStoreModel): ModelChange
}

/** The good mock itself, as a variant with no difference: what every other variant is measured against. */
export const goodMock: Variant = { name: 'good-mock', description: 'the mock itself', wrap: (fetch) => fetch }

/**
 * A fresh good mock with the variant's difference applied: its model change in the default store (the one
 * every request without `X-Mock-Session` reaches), then its wrapper around the mock's fetch. `options` make the
 * mock (a store that already holds pets: `initialPets`).
 * @example const fetch = await serveVariant(variant)
 */
export async function serveVariant(variant: Variant, options: PetStoreMockOptions = {}): Promise<FetchLike> {
  const mock = await createPetStoreMock(options)
  if (variant.model) {
    // The variant's calls reach the good model through a copy (getters kept live), never its own changed ones.
    const good = mock.model
    const unchanged = Object.create(Object.getPrototypeOf(good), Object.getOwnPropertyDescriptors(good))
    Object.assign(good, variant.model(unchanged))
  }
  return variant.wrap(mock.fetch)
}

/**
 * The whole suite (or `options.only`) against a fresh variant in process, as the variant proofs run it; `mock` makes
 * the mock it wraps (a store that already holds pets).
 * @example const result = await judgeVariant(variant, { only: ['status_filter'], explore: { seed } })
 */
export async function judgeVariant(
  variant: Variant,
  options: Partial<RunContractOptions> = {},
  mock: PetStoreMockOptions = {},
): Promise<RunResult> {
  return runContract({
    targetName: 'variant',
    baseUrl: 'http://petstore.test/v1',
    messagesBaseUrl: 'http://petstore.test',
    apiKey: developmentApiKey,
    fetch: await serveVariant(variant, mock),
    ...options,
  })
}

/**
 * A variant whose one difference is in the model: every operation, present or future, meets the changed call.
 * @example onModel({ name, description, model: (model) => ({ listPets: … }) })
 */
export function onModel(options: Omit<Variant, 'wrap'> & { model: NonNullable<Variant['model']> }): Variant {
  return { ...options, wrap: (fetch) => fetch }
}

const utf8 = new TextDecoder('utf-8', { fatal: true })

/** A body as text when its bytes are UTF-8, else the bytes themselves. */
function textOrBytes(bytes: Uint8Array): Pick<VariantRequest, 'body' | 'bytes'> {
  try {
    return { body: utf8.decode(bytes) }
  } catch {
    return { bytes }
  }
}

/** The request a fetch call describes, with lower-case header names. */
export function readRequest(input: string, init: RequestInit = {}): VariantRequest {
  const headers: Record<string, string> = {}
  for (const [name, value] of Object.entries((init.headers ?? {}) as Record<string, string>))
    headers[name.toLowerCase()] = value
  const { body } = init
  return {
    method: (init.method ?? 'GET').toUpperCase(),
    url: new URL(input),
    headers,
    ...(typeof body === 'string' && { body }),
    ...(body instanceof Uint8Array && textOrBytes(body)),
    ...(body instanceof ReadableStream && { stream: body as ReadableStream<Uint8Array> }),
  }
}

/**
 * The request with a streamed (chunked) body read whole, as a server that reads the body before it decides.
 * @example const request = await readWhole(readRequest(input, init))
 */
export async function readWhole(request: VariantRequest): Promise<VariantRequest> {
  if (!request.stream) return request
  const { stream, ...rest } = request
  return { ...rest, ...textOrBytes(new Uint8Array(await new Response(stream).arrayBuffer())) }
}

/** The Authorization header the good mock accepts: its development key. */
export const validAuth = `Bearer ${developmentApiKey}`

/** The request with the Authorization header the good mock accepts, as a server that skips its key check. */
export const withAuth = (request: VariantRequest): VariantRequest => ({
  ...request,
  headers: { ...request.headers, authorization: validAuth },
})

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

/** Sends a (possibly changed) request on to the wrapped fetch, its body as it came (a stream still chunked). */
export function forward(fetch: FetchLike, request: VariantRequest, init: RequestInit = {}): Promise<Response> {
  const body = request.body ?? (request.bytes as Uint8Array<ArrayBuffer> | undefined) ?? request.stream
  return fetch(request.url.href, {
    ...init,
    method: request.method,
    headers: request.headers,
    body,
    ...(request.stream && body === request.stream && { duplex: 'half' }),
  } as RequestInit)
}

/** A JSON answer in the shape the good mock gives. */
export function json(status: number, value: unknown, headers: Record<string, string> = {}): Response {
  return new Response(value === undefined ? null : stringifyJson(value), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  })
}

/** A request the good mock's router resolves to an operation. */
export interface RoutedRequest {
  route: OperationSpec
  /** Path parameters by name, still percent-encoded. */
  params: Readonly<Record<string, string | undefined>>
  /** What of the URL path comes before the route's own path (`/v1`), and the route's path (`/pets/7`). */
  basePath: string
  path: string
}

// Where the good mock the variants wrap serves each base: its handlers' defaults, pets first as they try them.
const mounts = [createMount('pets', '*/v1', true), createMount('messages', '*', false)]

/**
 * The operation the good mock's own router resolves a request to (HEAD to its GET operation), or undefined.
 * @example routeOf(readRequest('http://petstore.test/v1/pets/7'))?.params // { petId: '7' }
 */
export function routeOf({ method, url }: VariantRequest): RoutedRequest | undefined {
  for (const mount of mounts) {
    const path = mount.pathBelow(url)
    if (path === undefined) continue
    const match = findRoute(mount.base, method, path)
    if (match?.kind !== 'operation') continue
    const basePath = url.pathname.slice(0, url.pathname.length - path.length)
    return { route: match.route, params: match.params, basePath, path }
  }
  return undefined
}

/**
 * Which operation of the catalogue a request is for, by method (exactly: HEAD is none) and path.
 * @example operationOf(readRequest('http://petstore.test/v1/pets/7')) // 'getPet'
 */
export function operationOf(request: VariantRequest): OperationId | undefined {
  const routed = routeOf(request)
  return routed?.route.method === request.method ? routed.route.operationId : undefined
}

/**
 * A path parameter of the operation the router resolves a request to, still percent-encoded, or undefined.
 * @example pathParam(readRequest('http://petstore.test/v1/pets/7/'), 'petId') // '7'
 */
export function pathParam(request: VariantRequest, name: string): string | undefined {
  return routeOf(request)?.params[name]
}

/**
 * The request with each path parameter replaced by what `change` makes of it (given its name and its raw,
 * still percent-encoded value), for every operation and method the router knows.
 * @example withPathParams(request, (name, value) => (name === 'petId' ? '1' : value))
 */
export function withPathParams(
  request: VariantRequest,
  change: (name: string, value: string) => string,
): VariantRequest {
  const routed = routeOf(request)
  if (!routed) return request
  const names = routed.route.pattern.split('/')
  const segments = routed.path.split('/')
  const changed = segments.map((segment, i) => {
    const name = names[i]
    return name?.startsWith(':') ? change(name.slice(1), segment) : segment
  })
  if (changed.every((segment, i) => segment === segments[i])) return request
  const url = new URL(request.url)
  url.pathname = routed.basePath + changed.join('/')
  return { ...request, url }
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
      const original = await readWhole(readRequest(input, init))
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

import { addRoute, createRouter, findRoute } from 'rou3'
import { InvalidPetsError, replacePetStoreState, serializePetStoreState } from '../../model/pet-store-state.ts'
import type { PetStoreCore } from '../create-pet-store-core.ts'
import { methodNotAllowed, routeNotFound } from '../dispatch.ts'
import { isRecognisedMethod, methodNotImplemented } from '../method-not-implemented.ts'
import { errorResponse, internalErrorResponse, MockError } from '../mock-error.ts'
import { corsHeaders, jsonResponse, jsonTextResponse, type MockResponse } from '../mock-response.ts'
import type { BodyRead } from '../operation-request.ts'
import { queryValue } from '../query-value.ts'
import { jsonMediaTypeProblem, readJsonBody } from '../read-json-body.ts'
import { storeFull } from '../store-full.ts'
import { type AdminCaller, type AdminGuard, admitAdmin } from './admin-guard.ts'
import { type AdminPageFiles, adminPageFiles } from './admin-page.ts'
import { sessionName } from './mock-sessions.ts'

export type { AdminGuard }

/** Where the admin API lives on the standalone server: never under the API's own `/v1`. */
export const adminBasePath = '/__mock'

/** An admin request as the server hands it over. */
export interface AdminRequest extends AdminCaller {
  method: string
  /** The path, `/__mock/...`, without the query. */
  path: string
  search: string
  readBody(): Promise<BodyRead>
}

/**
 * What a server offers under `/__mock` beyond the core's controls: the proxy's reports (`POST /__mock/report`),
 * written on demand; the mock's own server has none.
 */
interface AdminExtras {
  /** Writes the reports of the traffic so far and says how it fared. */
  report?(): Promise<unknown>
  /** What the traffic so far holds, without writing a report (`GET /__mock/report`). */
  traffic?(): unknown
  /**
   * Why the mock's own controls (rules, sessions, reset, state) do not apply here: set, each of them answers 409
   * with it, and the admin page shows only what does (`page`).
   */
  noMockControls?: string
  /** The admin page's files in place of the mock's, by path below `/__mock`. */
  page?: AdminPageFiles
}

type AdminHandler = (context: {
  core: PetStoreCore
  extras: AdminExtras
  session: string | null
  params: Record<string, string>
  query: URLSearchParams
  request: AdminRequest
}) => MockResponse | Promise<MockResponse>

const noContent: MockResponse = { status: 204, headers: {} }

const routes: Record<string, Partial<Record<string, AdminHandler>>> = {
  // The admin page (behind the same guard as the API it calls), at `/__mock/` and at `/__mock`.
  '/': { GET: () => adminPageFiles['/'] },
  '/admin.js': { GET: () => adminPageFiles['/admin.js'] },
  '/admin.css': { GET: () => adminPageFiles['/admin.css'] },
  '/icon.svg': { GET: () => adminPageFiles['/icon.svg'] },
  '/sessions': {
    GET: ({ core }) =>
      jsonResponse(200, { sessions: core.sessions.list().map(({ name, rules }) => ({ name, rules: rules.size })) }),
  },
  '/reset': {
    POST: async ({ core, session }) => {
      await core.reset(session)
      return noContent
    },
  },
  '/requests': {
    GET: ({ core, session, query }) => {
      const method = queryValue(query, 'method')
      const path = queryValue(query, 'path')
      const filter = session === null ? { method, path } : { method, path, session }
      return jsonResponse(200, { requests: core.journal.list(filter) })
    },
    DELETE: ({ core, session }) => {
      core.journal.clear(session ?? undefined)
      return noContent
    },
  },
  '/rules': {
    GET: ({ core, session }) => jsonResponse(200, { rules: core.sessions.get(session).rules.list() }),
    POST: async ({ core, session, request }) => {
      const input = await readJsonBody({ params: {}, query: new URLSearchParams(), ...request })
      return jsonResponse(201, core.sessions.get(session).rules.add(input))
    },
    DELETE: ({ core, session }) => {
      core.sessions.get(session).rules.clear()
      return noContent
    },
  },
  '/rules/:id': {
    DELETE: ({ core, session, params }) => {
      if (core.sessions.get(session).rules.remove(params.id ?? '')) return noContent
      throw new MockError(404, 'rule_not_found', `No rule with id ${JSON.stringify(String(params.id).slice(0, 40))}.`)
    },
  },
  '/report': {
    GET: ({ extras }) => {
      if (!extras.traffic)
        throw new MockError(404, 'route_not_found', 'No report here: only a mock started with --proxy writes one.')
      return jsonResponse(200, extras.traffic())
    },
    POST: async ({ extras }) => {
      if (!extras.report)
        throw new MockError(404, 'route_not_found', 'No report here: only a mock started with --proxy writes one.')
      return jsonResponse(200, await extras.report())
    },
  },
  '/state': {
    GET: async ({ core, session }) =>
      jsonTextResponse(200, await serializePetStoreState(await core.sessions.get(session).model())),
    PUT: async ({ core, session, request }) => {
      const state = await readJsonBody({ params: {}, query: new URLSearchParams(), ...request })
      try {
        await replacePetStoreState(await core.sessions.get(session).model(), state)
      } catch (error) {
        if (error instanceof InvalidPetsError) throw new MockError(400, 'invalid_body', error.message)
        // Past --max-pets, the server's total over its stores: 507, like a create.
        storeFull(error)
      }
      return noContent
    },
  },
}

/** The routes of the mock's own controls, which act on pets and answers a proxy has none of. */
const mockControls = new Set(['/sessions', '/reset', '/rules', '/rules/:id', '/state'])
const pageFiles = new Set(['/', '/admin.js', '/admin.css', '/icon.svg'])

const router = createRouter<{ pattern: string }>()
for (const pattern of Object.keys(routes)) addRoute(router, '', `${adminBasePath}${pattern}`, { pattern })

/**
 * The admin HTTP API under `/__mock` (JSON in and out, errors as `Error` bodies): reset, the journal,
 * rules and state, for the default store or the `X-Mock-Session` named. Guarded (`admitAdmin`): a web page
 * of another origin can neither read nor change anything here, and a state-changing call takes a JSON body
 * or none (415 otherwise), so no form a page can post without a preflight changes anything either.
 * `extras`: what the server offers besides (the proxy's report).
 * @example const answer = await answerAdmin(core, { open: true }, request)
 */
export async function answerAdmin(
  core: PetStoreCore,
  guard: AdminGuard,
  request: AdminRequest,
  extras: AdminExtras = {},
): Promise<MockResponse> {
  let corsOrigin: string | undefined
  try {
    const match = findRoute(router, '', request.path)
    const methods = (match && routes[match.data.pattern]) ?? {}
    const isPreflight = match !== undefined && request.method === 'OPTIONS'
    corsOrigin = admitAdmin(guard, request, isPreflight).corsOrigin
    if (isPreflight) return withAdminCors(adminPreflight([...Object.keys(methods), 'OPTIONS']), corsOrigin)
    if (!isRecognisedMethod(request.method)) return withAdminCors(methodNotImplemented(), corsOrigin)
    if (!match) return withAdminCors(routeNotFound(request.method, request.path), corsOrigin)
    const handler = methods[request.method]
    if (!handler) return withAdminCors(methodNotAllowed(request.method, Object.keys(methods)), corsOrigin)
    if (request.method !== 'GET') assertJsonOrNoBody(request)
    const { pattern } = match.data
    if (extras.noMockControls !== undefined && mockControls.has(pattern))
      throw new MockError(409, 'conflict', extras.noMockControls)
    if (extras.page && pageFiles.has(pattern))
      return withAdminCors(extras.page[pattern as keyof typeof extras.page], corsOrigin)
    const session = sessionName(request.header('x-mock-session'))
    const query = new URLSearchParams(request.search)
    return withAdminCors(
      await handler({ core, extras, session, params: match.params ?? {}, query, request }),
      corsOrigin,
    )
  } catch (error) {
    return withAdminCors(error instanceof MockError ? errorResponse(error) : internalErrorResponse(), corsOrigin)
  }
}

/**
 * A state-changing call takes a JSON body or none: a `text/plain`, form or multipart body, which a page of
 * any origin may post without a preflight, is refused before anything is read.
 */
function assertJsonOrNoBody(request: AdminRequest): void {
  const contentType = request.header('content-type')
  if (contentType === undefined || contentType === null) {
    const length = request.header('content-length')
    const hasBody =
      (length !== undefined && length !== null && Number(length) > 0) || request.header('transfer-encoding')
    if (!hasBody) return
  }
  const problem = jsonMediaTypeProblem(contentType)
  if (problem) throw new MockError(415, 'unsupported_media_type', `${problem} The admin API takes JSON or no body.`)
}

/** 204 to a preflight the guard admitted. */
function adminPreflight(allow: ReadonlyArray<string>): MockResponse {
  return {
    status: 204,
    headers: {
      allow: allow.join(', '),
      'access-control-allow-methods': allow.join(', '),
      'access-control-allow-headers': 'Authorization, Content-Type, X-Mock-Session',
      'access-control-max-age': '600',
    },
  }
}

/**
 * The CORS headers of an admin answer: for the admitted origin only (a loopback page or an allowed host),
 * never `*`; a page of any other origin cannot read the answer.
 */
function withAdminCors(answer: MockResponse, origin: string | undefined): MockResponse {
  if (origin === undefined) return answer
  return {
    ...answer,
    headers: { ...answer.headers, ...corsHeaders, 'access-control-allow-origin': origin, vary: 'Origin' },
  }
}

import { addRoute, createRouter, findRoute } from 'rou3'
import { InvalidPetsError, readPetStoreState, replacePetStoreState } from '../../model/pet-store-state.ts'
import { constantTimeEqual } from '../constant-time-equal.ts'
import type { PetStoreCore } from '../create-pet-store-core.ts'
import { methodNotAllowed, preflight, routeNotFound, withCors } from '../dispatch.ts'
import { errorResponse, internalErrorResponse, MockError } from '../mock-error.ts'
import { jsonResponse, type MockResponse } from '../mock-response.ts'
import type { BodyRead } from '../operation-request.ts'
import { queryValue } from '../query-value.ts'
import { readJsonBody } from '../read-json-body.ts'
import { sessionName } from './mock-sessions.ts'

/** Where the admin API lives on the standalone server: never under the API's own `/v1`. */
export const adminBasePath = '/__mock'

/** Who may use the admin API. */
export interface AdminGuard {
  /** True on a loopback address: anyone who can connect may use it. */
  open: boolean
  /** Otherwise `Authorization: Bearer <token>` is required; without a token the admin API answers 403. */
  token?: string
}

/** An admin request as the server hands it over. */
export interface AdminRequest {
  method: string
  /** The path, `/__mock/...`, without the query. */
  path: string
  search: string
  header(name: string): string | null | undefined
  readBody(): Promise<BodyRead>
}

type AdminHandler = (context: {
  core: PetStoreCore
  session: string | null
  params: Record<string, string>
  query: URLSearchParams
  request: AdminRequest
}) => MockResponse | Promise<MockResponse>

const noContent: MockResponse = { status: 204, headers: {} }

const routes: Record<string, Partial<Record<string, AdminHandler>>> = {
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
  '/state': {
    GET: async ({ core, session }) => jsonResponse(200, readPetStoreState(await core.sessions.get(session).model())),
    PUT: async ({ core, session, request }) => {
      const state = await readJsonBody({ params: {}, query: new URLSearchParams(), ...request })
      try {
        await replacePetStoreState(await core.sessions.get(session).model(), state)
      } catch (error) {
        if (error instanceof InvalidPetsError) throw new MockError(400, 'invalid_body', error.message)
        throw error
      }
      return noContent
    },
  },
}

const router = createRouter<{ pattern: string }>()
for (const pattern of Object.keys(routes)) addRoute(router, '', `${adminBasePath}${pattern}`, { pattern })

/**
 * The admin HTTP API under `/__mock` (JSON in and out, errors as `Error` bodies): reset, the journal,
 * rules and state, for the default store or the `X-Mock-Session` named. Guarded: see `AdminGuard`.
 * @example const answer = await answerAdmin(core, { open: true }, request)
 */
export async function answerAdmin(core: PetStoreCore, guard: AdminGuard, request: AdminRequest): Promise<MockResponse> {
  const origin = request.header('origin')
  try {
    const match = findRoute(router, '', request.path)
    const methods = (match && routes[match.data.pattern]) ?? {}
    // A browser's preflight carries no Authorization: it is answered before the guard, and grants nothing.
    if (match && request.method === 'OPTIONS') return withCors(preflight([...Object.keys(methods), 'OPTIONS']), origin)
    checkGuard(guard, request.header('authorization'))
    if (!match) return withCors(routeNotFound(request.method, request.path), origin)
    const handler = methods[request.method]
    if (!handler) return withCors(methodNotAllowed(request.method, Object.keys(methods)), origin)
    const session = sessionName(request.header('x-mock-session'))
    const query = new URLSearchParams(request.search)
    return withCors(await handler({ core, session, params: match.params ?? {}, query, request }), origin)
  } catch (error) {
    return withCors(error instanceof MockError ? errorResponse(error) : internalErrorResponse(), origin)
  }
}

function checkGuard(guard: AdminGuard, authorization: string | null | undefined): void {
  if (guard.open) return
  if (guard.token === undefined || guard.token === '')
    throw new MockError(
      403,
      'forbidden',
      'The admin API is closed on a non-loopback address without an admin token: ' +
        'start the server with --admin-token or PETSTORE_ADMIN_TOKEN.',
    )
  const match = /^bearer +(.+)$/i.exec((authorization ?? '').trim())
  if (!match || !constantTimeEqual((match[1] ?? '').trim(), guard.token))
    throw new MockError(401, 'unauthorized', 'The admin API needs "Authorization: Bearer <admin token>".', {
      'www-authenticate': 'Bearer realm="petstore-admin"',
    })
}

import type { ApiBase, OperationSpec } from '../../spec/operations.ts'
import type { PetStoreModel } from '../model/create-pet-store-model.ts'
import { forcedAnswer, replacesOperation, reshapeAnswer } from './controls/apply-preferences.ts'
import { faultTimeoutMs, type HeldRequests, holdFor } from './controls/held-requests.ts'
import type { MockSessions } from './controls/mock-sessions.ts'
import { sessionName } from './controls/mock-sessions.ts'
import { type ParsedPrefer, type Preferences, parsePrefer } from './controls/preferences.ts'
import type { JournalRecord, RequestJournal } from './controls/request-journal.ts'
import { isRecognisedMethod, methodNotImplemented } from './method-not-implemented.ts'
import { errorResponse, internalErrorResponse, MockError } from './mock-error.ts'
import { corsHeaders, type MockResponse } from './mock-response.ts'
import type { BodyRead, OperationRequest } from './operation-request.ts'
import { findRoute } from './route-table.ts'

/** A request as every adapter hands it to the core: which base it came under and its raw path below that base. */
export interface DispatchRequest {
  /** Upper-case HTTP method. */
  method: string
  base: ApiBase
  /** The path below the base, still percent-encoded, without the query: `/pets/7`. */
  path: string
  /** The whole path as the client sent it (`/v1/pets/7`), for messages and the journal. */
  pathname: string
  /** The raw query, without `?`. */
  search: string
  /**
   * Whether every path under this base belongs to the mock (an unknown one is a 404 `route_not_found`)
   * or only the paths it routes (an unknown one is left to whoever else may answer it).
   */
  owned: boolean
  header(name: string): string | null | undefined
  readBody(): Promise<BodyRead>
  /** Aborts when the client goes away: a delay or `fault=timeout` then stops holding the request. */
  readonly signal?: AbortSignal
  /**
   * Called with the request's journal ticket once it is recorded, just before its answer is returned: an adapter
   * that may fail to deliver the answer (its connection closed first) marks it so (`journal.drop`).
   */
  journaled?(ticket: number): void
}

/** What the router needs of the core: authentication, the operations, the sessions and the journal. */
interface DispatchContext {
  /** A refusal (401) for a request without a valid key, else undefined. */
  authenticate(authorization: string | null | undefined): MockError | undefined
  /** Runs one operation on a store, its refusals already turned into `Error` answers. */
  run(route: OperationSpec, request: OperationRequest, model: PetStoreModel): MockResponse | Promise<MockResponse>
  sessions: MockSessions
  journal: RequestJournal
  /** The requests held for a delay or `fault=timeout`, at most so many at once. */
  held: HeldRequests
}

/** The one router: an answer for every request the mock owns, undefined for one it leaves to others. */
export type Dispatch = (request: DispatchRequest) => MockResponse | Promise<MockResponse> | undefined

/**
 * Builds the mock's one router (rou3, from the spec's routes): an operation (HEAD wherever GET), a CORS
 * preflight, 501 `not_implemented` for a method it does not recognise (on any path it answers), 405
 * `method_not_allowed` with `Allow`, or 404 `route_not_found`, every answer in the journal
 * and, for a request with an `Origin`, with the CORS headers. For an operation, in this order: the session
 * (`X-Mock-Session`), the key (401 first), `Prefer` and the session's rules, then the operation on the
 * session's store.
 * @example const dispatch = createDispatch(context)
 * await dispatch({ method: 'GET', base: 'pets', path: '/pets', … })
 */
export function createDispatch(context: DispatchContext): Dispatch {
  const { sessions, journal, held } = context

  /** Records a request in the journal and puts the CORS headers on its answer; `waited`: not answered at once. */
  const finish = (exchange: Exchange, answer: MockResponse, waited = false): MockResponse => {
    const { pathname, search } = exchange.request
    // Where either part is long, both are copies: an adapter's path and query are slices of the whole URL
    // (up to node's 16 KB), and a slice, cut or not, keeps all of it alive for as long as the entry lives.
    if (pathname.length > maxJournalText || search.length > maxJournalText) {
      exchange.path = journalCopy(pathname)
      exchange.search = journalCopy(search)
    }
    exchange.status = answer.fault ? null : answer.status
    // An answer given at once took well under the journal's 0.01 ms: the clock is read again only for one
    // that waited (a body, a delay), which saves a clock read on every common request.
    if (waited) exchange.durationMs = performance.now() - exchange.at
    const ticket = journal.record(exchange)
    exchange.request.journaled?.(ticket)
    return withCors(answer, exchange.request.header('origin'))
  }

  return (request) => {
    const { method, path } = request
    const started = performance.now()
    const match = findRoute(request.base, method, path)
    if (!match && !request.owned) return undefined
    const exchange = new Exchange(request, started)
    if (!match || match.kind === 'path') {
      // A method no path implements is refused for what it is, wherever it is sent (RFC 9110 section 15.6.2);
      // an operation's match never needs the check: its method is one the spec has.
      if (!isRecognisedMethod(method)) return finish(exchange, methodNotImplemented())
      if (!match) return finish(exchange, routeNotFound(method, request.pathname))
      return finish(exchange, method === 'OPTIONS' ? preflight(match.allow) : methodNotAllowed(method, match.allow))
    }

    const { route } = match
    exchange.route = route
    exchange.params = match.params
    let prefer: ParsedPrefer | undefined
    try {
      exchange.session = sessionName(request.header('x-mock-session'))
      const refusal = context.authenticate(request.header('authorization'))
      if (refusal) return finish(exchange, errorResponse(refusal))
      const preferHeader = request.header('prefer')
      if (preferHeader) prefer = parsePrefer(preferHeader, route)
    } catch (error) {
      return finish(exchange, error instanceof MockError ? errorResponse(error) : internalErrorResponse())
    }
    const current = sessions.get(exchange.session)
    const ruled = current.rules.match(route.operationId)
    const model = current.model()
    // The common case, no control in use: the operation on the store, as fast as before controls existed.
    if (!ruled && !prefer?.applied && !(model instanceof Promise)) {
      const answer = context.run(route, exchange, model)
      if (!(answer instanceof Promise)) return finish(exchange, answer)
      return answer.then((value) => finish(exchange, value, true))
    }
    const preferences: Preferences = { ...ruled, ...withoutUndefined(prefer?.preferences) }
    const cause = prefer?.applied ? `Prefer: ${prefer.applied}` : 'a mock rule'
    return (async () => {
      let answer: MockResponse
      // fault=timeout is held here like a delay, then acted out by the adapter (a dropped connection).
      const holdMs = (preferences.delayMs ?? 0) + (preferences.fault === 'timeout' ? faultTimeoutMs : 0)
      try {
        if (holdMs > 0) held.take()
      } catch (error) {
        return finish(exchange, error instanceof MockError ? errorResponse(error) : internalErrorResponse(), true)
      }
      try {
        if (replacesOperation(preferences))
          answer = forcedAnswer(preferences, `${method} ${shorten(request.pathname, 80)}`, cause)
        else answer = reshapeAnswer(await context.run(route, exchange, await model), preferences)
        if (holdMs > 0) await holdFor(holdMs, request.signal)
      } finally {
        if (holdMs > 0) held.release()
      }
      if (prefer?.applied) answer = { ...answer, headers: { ...answer.headers, 'preference-applied': prefer.applied } }
      return finish(exchange, answer, true)
    })()
  }
}

const noParams: Readonly<Record<string, string | undefined>> = Object.freeze({})

/**
 * One request on its way through the router: the record the journal copies (when it arrived, its session,
 * the operation it reached, its status) and an operation's view of it (the adapter's request with the path
 * parameters). The one object the router builds per request: recording allocates nothing more. Its query
 * is parsed on first read: most operations never read it.
 */
class Exchange implements OperationRequest, JournalRecord {
  readonly request: DispatchRequest
  readonly method: string
  /** The path and query as the journal keeps them (copies of long ones, set when it is recorded). */
  path: string
  search: string
  /** When it arrived, as `performance.now()`. */
  readonly at: number
  /** The status answered, null for a connection fault; set when it is recorded. */
  status: number | null = null
  durationMs = 0
  /** The `X-Mock-Session` it came with, once read; null for the default store. */
  session: string | null = null
  /** The operation it reached, or null (unknown path or method). */
  route: OperationSpec | null = null
  params: Readonly<Record<string, string | undefined>> = noParams
  #query: URLSearchParams | undefined

  constructor(request: DispatchRequest, at: number) {
    this.request = request
    this.method = request.method
    this.path = request.pathname
    this.search = request.search
    this.at = at
  }

  get query(): URLSearchParams {
    this.#query ??= new URLSearchParams(this.request.search)
    return this.#query
  }

  header(name: string): string | null | undefined {
    return this.request.header(name)
  }

  readBody(): Promise<BodyRead> {
    return this.request.readBody()
  }
}

/** A journal entry keeps at most this much of a path or query: 1,000 entries stay a few MB at worst. */
const maxJournalText = 2_048

/** At most `maxJournalText` of a text, in a string of its own (a JSON round trip never returns a slice). */
function journalCopy(text: string): string {
  return JSON.parse(JSON.stringify(text.length > maxJournalText ? `${text.slice(0, maxJournalText)}…` : text))
}

function withoutUndefined(preferences: Preferences | undefined): Preferences {
  const kept: Preferences = {}
  if (preferences?.code !== undefined) kept.code = preferences.code
  if (preferences?.delayMs !== undefined) kept.delayMs = preferences.delayMs
  if (preferences?.fault !== undefined) kept.fault = preferences.fault
  return kept
}

/**
 * Whether the mock would answer a request: an owned base, or a path the router knows.
 * @example claims({ method: 'GET', base: 'messages', path: '/elsewhere', owned: false }) // false
 */
export function claims(request: Pick<DispatchRequest, 'method' | 'base' | 'path' | 'owned'>): boolean {
  return request.owned || findRoute(request.base, request.method, request.path) !== undefined
}

/**
 * The CORS rule of every transport: an answer to a request that carries an `Origin` (a browser sends one
 * with every cross-origin request) lets a page on any origin read it; no cookies are involved, the key is
 * a header. A request without one gets none of these headers: nothing would read them.
 * @example withCors(errorResponse(error), 'http://app.test').headers['access-control-allow-origin'] // '*'
 */
export function withCors(answer: MockResponse, origin: string | null | undefined): MockResponse {
  if (origin === undefined || origin === null) return answer
  const { headers } = answer
  if (!Object.isFrozen(headers)) return { ...answer, headers: { ...corsHeaders, ...headers } }
  // Header sets shared by many answers (frozen) are merged once: the hot paths (lists, pets) build none.
  let merged = mergedHeaders.get(headers)
  if (merged === undefined) {
    merged = Object.freeze({ ...corsHeaders, ...headers })
    mergedHeaders.set(headers, merged)
  }
  return { ...answer, headers: merged }
}

const mergedHeaders = new WeakMap<Record<string, string>, Record<string, string>>()

/** 404 `route_not_found` for a path no route matches. */
export function routeNotFound(method: string, path: string): MockResponse {
  return errorResponse(new MockError(404, 'route_not_found', `No route matches ${method} ${shorten(path, 80)}.`))
}

/** 405 `method_not_allowed` for a known path and another method, with `Allow`. */
export function methodNotAllowed(method: string, allow: ReadonlyArray<string>): MockResponse {
  const accepted = allow.join(', ')
  return errorResponse(
    new MockError(
      405,
      'method_not_allowed',
      `This path does not accept ${shorten(method, 20)}; it accepts ${accepted}.`,
      {
        allow: accepted,
      },
    ),
  )
}

/** 204 answer to a CORS preflight on a known path. */
function preflight(allow: ReadonlyArray<string>): MockResponse {
  return {
    status: 204,
    headers: {
      allow: allow.join(', '),
      'access-control-allow-methods': allow.join(', '),
      'access-control-allow-headers': 'Authorization, Content-Type, Prefer, X-Mock-Session',
      'access-control-max-age': '600',
    },
  }
}

function shorten(text: string, length: number): string {
  return text.length > length ? `${text.slice(0, length)}…` : text
}

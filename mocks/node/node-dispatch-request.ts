import type { IncomingHttpHeaders, IncomingMessage } from 'node:http'
import type { ApiBase } from '../../spec/operations.ts'
import type { DispatchRequest } from '../core/dispatch.ts'
import type { BodyRead } from '../core/operation-request.ts'
import type { AnswerDelivery } from './answer-delivery.ts'
import { connectionSignal } from './connection-signal.ts'
import { readNodeBody } from './read-node-body.ts'

/**
 * A node:http request as the router takes it. A class, not an object of closures: it is built for every
 * request, and one object costs less than three.
 * The server owns every path under its bases.
 * @example core.dispatch(new NodeDispatchRequest(request, 'pets', '/pets/7', '/v1/pets/7', ''))
 */
export class NodeDispatchRequest implements DispatchRequest {
  readonly method: string
  readonly base: ApiBase
  readonly path: string
  readonly pathname: string
  readonly search: string
  readonly owned = true
  readonly #request: IncomingMessage
  /** node builds a request's headers object on first read; the router reads four or five of them. */
  readonly #headers: IncomingHttpHeaders
  readonly #body: (() => Promise<BodyRead>) | undefined
  readonly #delivery: AnswerDelivery | undefined

  /**
   * `body` replaces reading the request's own body (for a request node hands over unparsed); `delivery` learns
   * its journal ticket, to mark it dropped should its answer never leave.
   */
  constructor(
    request: IncomingMessage,
    base: ApiBase,
    path: string,
    pathname: string,
    search: string,
    body?: () => Promise<BodyRead>,
    delivery?: AnswerDelivery,
  ) {
    this.method = request.method ?? 'GET'
    this.base = base
    this.path = path
    this.pathname = pathname
    this.search = search
    this.#request = request
    this.#headers = request.headers
    this.#body = body
    this.#delivery = delivery
  }

  journaled(ticket: number): void {
    this.#delivery?.journaled(this.#request, ticket)
  }

  header(name: string): string | undefined {
    return nodeHeader(this.#headers, name)
  }

  readBody(): Promise<BodyRead> {
    return this.#body ? this.#body() : readNodeBody(this.#request)
  }

  /** Aborts when the connection closes; read only for a request the core holds. */
  get signal(): AbortSignal {
    return connectionSignal(this.#request.socket)
  }
}

/**
 * A header of a node:http request's headers as one string (repeated ones joined with `, `), or undefined.
 * @example nodeHeader(request.headers, 'authorization')
 */
export function nodeHeader(headers: IncomingHttpHeaders, name: string): string | undefined {
  const value = headers[name]
  return Array.isArray(value) ? value.join(', ') : value
}

import type { IncomingMessage, ServerResponse } from 'node:http'
import type { Socket } from 'node:net'
import type { RequestJournal } from '../core/controls/request-journal.ts'

/** A request's journal ticket, once the router recorded it. */
const ticketOf = Symbol('journalTicket')
/** The answers of a connection handed to node and not yet written out, oldest first. */
const unsentOf = Symbol('unsentAnswers')
/** Why the server closed a connection, when it did. */
const closedBecause = Symbol('closedBecause')

type TicketedRequest = IncomingMessage & { [ticketOf]?: number }
type TrackedSocket = Socket & { [unsentOf]?: Array<ServerResponse>; [closedBecause]?: string }

/** Why an answer did not leave the mock when nobody said otherwise: the client went away first. */
const clientLeft = 'the client closed the connection before the answer was sent'

/**
 * Keeps the journal honest about what reached the client: every journaled request whose answer never left the
 * mock (its connection closed first: the client left, or the server closed it, and why) is marked dropped
 * (`journal.drop`) instead of standing as answered.
 */
export interface AnswerDelivery {
  /** Notes a request's journal ticket; marks it dropped at once when its connection is closed already. */
  journaled(request: IncomingMessage, ticket: number): void
  /** Call right after an answer was handed to node (`response.end`): it counts once node wrote all of it out. */
  sent(response: ServerResponse): void
  /** An answer that was never written: its connection closed first. */
  unsent(request: IncomingMessage): void
  /** Says why the server is about to close a connection: the reason its dropped answers get. */
  closing(socket: Socket, reason: string): void
  /** From now on, a connection closed without another reason was closed because the server stopped. */
  stopping(): void
}

/**
 * The delivery of the answers of one server, over its core's journal.
 * @example const delivery = answerDelivery(core.journal); delivery.sent(response)
 */
export function answerDelivery(journal: RequestJournal): AnswerDelivery {
  let stopped = false
  const reasonOf = (socket: TrackedSocket): string =>
    socket[closedBecause] ?? (stopped ? 'the server stopped before the answer was sent' : clientLeft)
  const drop = (request: TicketedRequest): void => {
    const ticket = request[ticketOf]
    if (ticket !== undefined) journal.drop(ticket, reasonOf(request.socket))
  }
  // `this` is the response: one listener function for every answer, no closure per request.
  function onFinish(this: ServerResponse): void {
    const socket = this.req.socket as TrackedSocket
    const unsent = socket[unsentOf]
    if (unsent) {
      const index = unsent.indexOf(this)
      if (index === 0) unsent.shift()
      else if (index > 0) unsent.splice(index, 1)
    }
    // node also finishes the answers of a connection it destroys, none of whose bytes may have gone.
    if (socket.destroyed) drop(this.req)
  }
  function onClose(this: TrackedSocket): void {
    const unsent = this[unsentOf] ?? []
    for (const response of unsent.splice(0)) drop(response.req)
  }
  return {
    journaled(request, ticket) {
      ;(request as TicketedRequest)[ticketOf] = ticket
      if (request.socket.destroyed) drop(request)
    },
    sent(response) {
      if ((response.req as TicketedRequest)[ticketOf] === undefined || response.writableFinished) return
      const socket = response.req.socket as TrackedSocket
      let unsent = socket[unsentOf]
      if (!unsent) {
        unsent = []
        socket[unsentOf] = unsent
        socket.once('close', onClose)
      }
      unsent.push(response)
      response.on('finish', onFinish)
    },
    unsent: drop,
    closing(socket, reason) {
      ;(socket as TrackedSocket)[closedBecause] ??= reason
    },
    stopping() {
      stopped = true
    },
  }
}

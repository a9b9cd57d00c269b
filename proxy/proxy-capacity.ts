/** Idle connections the proxy keeps open to each deployment for the next request (`send-upstream.ts`). */
export const idleUpstreamSockets = 64

/** What the proxy holds at once at most: requests, connections, bytes. */
export interface ProxyCapacity {
  /**
   * Requests forwarded at once, each holding a client connection and a connection to the deployment: at most a
   * third of the sockets the open-file limit leaves (the other two thirds are client connections, half of which
   * are always free to close for a new client), and at most `maxInFlight`.
   */
  inFlight: number
  /** Client connections kept open at once; at the limit a new one closes the idlest that holds no forwarded request. */
  connections: number
  /** Bytes of request bodies held at once (read, not yet sent); past it a request is refused 503 unread. */
  bodyBytes: number
  /** Bytes of answers held at once to be judged; past it an answer passes through to the app unjudged. */
  answerBytes: number
}

/**
 * The proxy's bounds for `sockets` file descriptors (`defaultMaxConnections`): the rule of decision record 030 for
 * a server that holds two sockets per request, one to the app and one to the deployment. A forwarded request holds a
 * client connection that may not be closed; with at most a third of the sockets forwarding and two thirds for client
 * connections, at least as many client connections as are forwarding can always be closed for a new client or the
 * admin page. The deployments' idle connections are set aside first.
 * @example proxyCapacity(935) // { inFlight: 269, connections: 538, … }
 */
export function proxyCapacity(sockets: number, maxInFlight = 1_000): ProxyCapacity {
  const usable = Math.max(6, sockets - 2 * idleUpstreamSockets)
  const inFlight = Math.max(1, Math.min(maxInFlight, Math.floor(usable / 3)))
  return { inFlight, connections: usable - inFlight, bodyBytes: 128 * 1024 * 1024, answerBytes: 256 * 1024 * 1024 }
}

/** A count of bytes held against a bound: taken before they are read, given back once they are let go. */
export interface ByteBudget {
  readonly held: number
  readonly max: number
  /** Takes `bytes` if they fit; false (nothing taken) if not. */
  take(bytes: number): boolean
  give(bytes: number): void
}

/**
 * A budget of `max` bytes.
 * @example const bodies = byteBudget(128 * 1024 * 1024); if (!bodies.take(length)) refuse()
 */
export function byteBudget(max: number): ByteBudget {
  let held = 0
  return {
    get held() {
      return held
    },
    max,
    take(bytes) {
      if (held + bytes > max) return false
      held += bytes
      return true
    },
    give(bytes) {
      held = Math.max(0, held - bytes)
    },
  }
}

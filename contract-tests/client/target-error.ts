/**
 * Something could not be judged, never a contract violation: thrown as it is when the target as a whole cannot
 * be (nothing answers any more, still rate limited after the retries), which ends the run with exit code 2; as
 * a `TransportFailure` when one request got no whole answer, which costs that one check.
 */
export class TargetError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'TargetError'
  }
}

/** A request the read-only transport refused to send. A bug in a scenario, never sent to the target. */
export class ReadOnlyRefusal extends Error {
  constructor(method: string, url: string) {
    super(`Refused to send ${method} ${url}: the run is read-only.`)
    this.name = 'ReadOnlyRefusal'
  }
}

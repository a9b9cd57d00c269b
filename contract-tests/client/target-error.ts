/**
 * The target could not be judged: unreachable, connection reset, no answer in time, still rate
 * limited after retries. Ends a run with exit code 2, not as a contract violation.
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

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

/**
 * The run is configured wrong, never a verdict on the target: a key refused on every keyed request, a base URL that
 * answers for another service, a messages base address that is the pets one, a certificate the client does not
 * trust. Its message is one line that says what is wrong and what to pass; the run ends with exit code 2.
 */
export class ConfigurationFault extends TargetError {
  constructor(message: string) {
    super(message)
    this.name = 'ConfigurationFault'
  }
}

/** A request the read-only transport refused to send. A bug in a scenario, never sent to the target. */
export class ReadOnlyRefusal extends Error {
  constructor(method: string, url: string) {
    super(`Refused to send ${method} ${url}: the run is read-only.`)
    this.name = 'ReadOnlyRefusal'
  }
}

/**
 * A request a scenario meant to write on a connection opened to another origin than its own API's (a pets request
 * pipelined on the messages API's connection): it would reach a server that does not serve it. A bug in the
 * scenario, never sent.
 */
export class OtherOriginOnConnection extends Error {
  constructor(operationId: string, url: string, origin: string) {
    super(`Refused to write ${operationId} (${url}) on a connection to ${origin}: its API has another origin.`)
    this.name = 'OtherOriginOnConnection'
  }
}

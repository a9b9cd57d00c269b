/**
 * The credentials a request carries in its `Authorization` field lines, as the forms a report must never show: the
 * token after the scheme (the whole value without one), and for `Basic` the decoded `user:password` and the
 * password. The proxy does not know the app's keys; it learns them from the requests it forwards.
 * @example credentialsOf(['Authorization', 'Bearer s3cret-key']) // ['s3cret-key']
 */
export function credentialsOf(rawHeaders: ReadonlyArray<string>): Array<string> {
  const found: Array<string> = []
  for (let i = 0; i + 1 < rawHeaders.length; i += 2) {
    const name = (rawHeaders[i] as string).toLowerCase()
    if (name !== 'authorization' && name !== 'proxy-authorization') continue
    const value = (rawHeaders[i + 1] as string).trim()
    if (value === '') continue
    // The token after the scheme, so that a report reads `Bearer $PETSTORE_API_KEY` as the suite's do.
    const space = value.indexOf(' ')
    const token = space === -1 ? value : value.slice(space + 1).trim()
    if (token !== '') found.push(token)
    if (space !== -1 && value.slice(0, space).toLowerCase() === 'basic') {
      const pair = Buffer.from(token, 'base64').toString('utf8')
      found.push(pair)
      const colon = pair.indexOf(':')
      if (colon !== -1 && colon < pair.length - 1) found.push(pair.slice(colon + 1))
    }
  }
  // A one-character "secret" would black out every report; no real key is that short.
  return found.filter((secret) => secret.length >= 4)
}

/** The credentials learned so far, the newest kept, at most `max`: what the report's last redaction covers. */
export class LearnedSecrets {
  readonly #secrets = new Set<string>()

  constructor(
    /** Keys known from the start (`PETSTORE_API_KEY`). */
    readonly configured: ReadonlyArray<string>,
    private readonly max = 64,
  ) {}

  /** Remembers a request's credentials; returns them with the configured keys, for that request's own redaction. */
  learn(credentials: ReadonlyArray<string>): Array<string> {
    for (const secret of credentials) {
      this.#secrets.delete(secret)
      this.#secrets.add(secret)
      if (this.#secrets.size > this.max) this.#secrets.delete(this.#secrets.values().next().value as string)
    }
    return credentials.length === 0 ? [...this.configured] : [...this.configured, ...credentials]
  }

  /** Every secret to redact from a whole report. */
  all(): Array<string> {
    return [...this.configured, ...this.#secrets]
  }
}

import { redact, redactText, SecretFinder } from '../contract-tests/reports/redact.ts'

/**
 * The bound of the credentials a proxy learns, kept for the life of the process: 2,048 distinct credentials, and
 * 65,536 characters of them in all (2,048 keys of 32 characters, or 218 tokens of 300). What finds them takes about
 * 1.7 KB a character (about 110 MB at the bound) and 1.5 ms of CPU a key of 32 characters to learn.
 */
export const learnedSecretsBound = { credentials: 2_048, characters: 65_536 }

/** The texts the memo of `redactText` keeps: up to 1,000, of up to 256 characters. */
const memoEntries = 1_000
const memoLength = 256

/**
 * Every credential the proxy has learned from the requests it forwarded (`credentialsOf`), and the keys configured
 * (`PETSTORE_API_KEY`), kept for the life of the process: whatever a deployment echoes, in any answer to any request,
 * is redacted from the journal, the reports and the recording. Past `learnedSecretsBound` a new credential is no
 * longer learned for all: it is still redacted from what its own request left (`unlearned`), and the report says
 * how many were past the bound.
 * @example const secrets = new LearnedSecrets(['configured-key']); const own = secrets.learn(['app-key-1'])
 */
export class LearnedSecrets {
  readonly #finder = new SecretFinder()
  /** Short texts redacted already (the paths and queries an app repeats), until a credential is learned. */
  readonly #redacted = new Map<string, string>()
  #characters = 0
  #past = new Set<string>()

  constructor(
    configured: ReadonlyArray<string>,
    private readonly bound = learnedSecretsBound,
  ) {
    this.#finder.add(configured.filter((key) => key !== ''))
  }

  /** How many credentials it finds everywhere. */
  get size(): number {
    return this.#finder.size
  }

  /** How many distinct credentials came past the bound (the first 10,000 of them counted). */
  get pastBound(): number {
    return this.#past.size
  }

  /**
   * Learns a request's credentials; returns those past the bound, which only that request's records are redacted of.
   * @example const unlearned = secrets.learn(credentialsOf(request.rawHeaders))
   */
  learn(credentials: ReadonlyArray<string>): Array<string> {
    const unlearned: Array<string> = []
    for (const credential of credentials) {
      if (this.#finder.has(credential)) continue
      const fits =
        this.#finder.size < this.bound.credentials && this.#characters + credential.length <= this.bound.characters
      if (!fits) {
        unlearned.push(credential)
        if (this.#past.size < 10_000) this.#past.add(credential)
        continue
      }
      this.#finder.add([credential])
      this.#characters += credential.length
      this.#redacted.clear()
    }
    return unlearned
  }

  /** `redactText` with every credential learned, and `also` (a request's own, past the bound). */
  redactText(text: string, also: ReadonlyArray<string> = []): string {
    if (also.length > 0) return redactText(this.#finder.redactText(text), also)
    if (text.length > memoLength) return this.#finder.redactText(text)
    let redacted = this.#redacted.get(text)
    if (redacted === undefined) {
      if (this.#redacted.size >= memoEntries) this.#redacted.clear()
      redacted = this.#finder.redactText(text)
      this.#redacted.set(text, redacted)
    }
    return redacted
  }

  /** `redact` with every credential learned, and `also`. */
  redact<T>(value: T, also: ReadonlyArray<string> = []): T {
    const redacted = this.#finder.redact(value)
    return also.length === 0 ? redacted : redact(redacted, also)
  }
}

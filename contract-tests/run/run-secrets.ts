import { derivedCredentials } from '../generate/credential-variants.ts'
import type { Secrets } from '../reports/redact.ts'

/**
 * What a run keeps out of every output: the API key, any other secret it was given, and every credential its checks
 * derive from them (the near-copies the authentication checks send), each in any form a target may echo it.
 * @example redact(result, runSecrets(apiKey))
 */
export function runSecrets(apiKey: string, others: ReadonlyArray<string> = []): Secrets {
  const secrets = [...new Set([apiKey, ...others].filter((secret) => secret !== ''))]
  return { secrets, derived: secrets.flatMap(derivedCredentials) }
}

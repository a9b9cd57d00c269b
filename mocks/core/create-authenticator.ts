import { constantTimeEqual } from './constant-time-equal.ts'
import { MockError } from './mock-error.ts'

const bearerPattern = /^bearer(?: +(.*))?$/i

/**
 * Builds the bearer check applied to every operation before anything else. The scheme name is
 * case-insensitive (RFC 9110 section 11.1); the token must equal one of `apiKeys`. The answer never
 * repeats what the client sent.
 * @example const authenticate = createAuthenticator(['dev-key']); authenticate('Bearer dev-key') // undefined
 */
export function createAuthenticator(
  apiKeys: ReadonlyArray<string>,
): (authorization: string | null | undefined) => MockError | undefined {
  if (apiKeys.length === 0)
    throw new TypeError('Failed to create the authenticator: expected at least one API key, got none.')
  return (authorization) => {
    if (authorization === null || authorization === undefined || authorization === '') {
      return unauthorized('Missing Authorization header: send "Authorization: Bearer <API_KEY>".')
    }
    const match = bearerPattern.exec(authorization.trim())
    if (!match) return unauthorized('The Authorization header is not in "Bearer <API_KEY>" form.')
    const token = (match[1] ?? '').trim()
    if (token === '') return unauthorized('The Authorization header has an empty bearer token.')
    let valid = false
    // Every key is compared, so the time taken does not tell which key came close.
    for (const key of apiKeys) valid = constantTimeEqual(token, key) || valid
    return valid ? undefined : unauthorized('The API key is not valid.')
  }
}

function unauthorized(message: string): MockError {
  return new MockError(401, 'unauthorized', message, { 'www-authenticate': 'Bearer realm="petstore"' })
}

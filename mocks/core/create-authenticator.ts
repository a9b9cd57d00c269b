import { constantTimeEqual } from './constant-time-equal.ts'
import { MockError } from './mock-error.ts'
import { startsWithLetters } from './starts-with-letters.ts'

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
  // Header values that passed, as sent: a client sends the same one with every request, and a set finds it by
  // its hash, never comparing a near miss, so the fast path tells a guesser nothing the status does not.
  const accepted = new Set<string>()
  return (authorization) => {
    if (authorization !== null && authorization !== undefined && accepted.has(authorization)) return undefined
    if (authorization === null || authorization === undefined || authorization === '') {
      return unauthorized('Missing Authorization header: send "Authorization: Bearer <API_KEY>".')
    }
    const token = bearerToken(authorization.trim())
    if (token === undefined) return unauthorized('The Authorization header is not in "Bearer <API_KEY>" form.')
    if (token === '') return unauthorized('The Authorization header has an empty bearer token.')
    let valid = false
    // Every key is compared, so the time taken does not tell which key came close.
    for (const key of apiKeys) valid = constantTimeEqual(token, key) || valid
    if (!valid) return unauthorized('The API key is not valid.')
    if (accepted.size < maxAcceptedForms) accepted.add(authorization)
    return undefined
  }
}

/**
 * The token of `Bearer <token>` (the scheme in any case, then spaces), trimmed; '' for the scheme alone;
 * undefined for any other form. Read without a regular expression: it runs on every request.
 */
function bearerToken(value: string): string | undefined {
  if (!startsWithLetters(value, scheme)) return undefined
  if (value.length === scheme.length) return ''
  if (value.charCodeAt(scheme.length) !== space) return undefined
  let start = scheme.length + 1
  while (value.charCodeAt(start) === space) start++
  const token = value.slice(start).trim()
  // A line break inside is no token either (what a header parser that let it through would hand over).
  return lineBreak.test(token) ? undefined : token
}

/** Distinct accepted header values remembered (each key in a few spellings of the scheme and spaces). */
const maxAcceptedForms = 64

const lineBreak = /[\n\r\u2028\u2029]/

const scheme = 'bearer'
const space = 0x20

function unauthorized(message: string): MockError {
  return new MockError(401, 'unauthorized', message, { 'www-authenticate': 'Bearer realm="petstore"' })
}

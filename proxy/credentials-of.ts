/** Where besides `Authorization` a request carries a credential: query parameters and header fields, by name. */
export interface SecretNames {
  /** Query parameter names (`--secret-param`), compared without case. */
  params: ReadonlyArray<string>
  /** Header field names (`--secret-header`), compared without case. */
  headers: ReadonlyArray<string>
}

/** Where APIs commonly take a key besides `Authorization`: always learned, beside what the user names. */
export const defaultSecretNames: SecretNames = {
  params: ['api_key', 'apikey', 'access_token'],
  headers: ['x-api-key', 'api-key'],
}

// A one-character "secret" would black out every report; no real key is that short.
const shortestSecret = 4

/**
 * The credentials a request carries, as the forms a report must never show: in each `Authorization` (and
 * `Proxy-Authorization`) field the token after the scheme (the whole value without one), and for `Basic` the decoded
 * `user:password` and the password; the value of each header field and query parameter `names` lists (and the
 * defaults), as sent and percent-decoded. The proxy does not know the app's keys; it learns them from the requests
 * it forwards.
 * @example credentialsOf(['Authorization', 'Bearer s3cret-key'], 'api_key=other-key') // ['s3cret-key', 'other-key']
 */
export function credentialsOf(
  rawHeaders: ReadonlyArray<string>,
  search = '',
  names: SecretNames = defaultSecretNames,
): Array<string> {
  const found: Array<string> = []
  const headerNames = new Set([...defaultSecretNames.headers, ...names.headers].map((name) => name.toLowerCase()))
  for (let i = 0; i + 1 < rawHeaders.length; i += 2) {
    const name = (rawHeaders[i] as string).toLowerCase()
    const value = (rawHeaders[i + 1] as string).trim()
    if (value === '') continue
    if (headerNames.has(name)) found.push(value)
    if (name !== 'authorization' && name !== 'proxy-authorization') continue
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
  if (search !== '') found.push(...paramValues(search, [...defaultSecretNames.params, ...names.params]))
  return [...new Set(found)].filter((secret) => secret.length >= shortestSecret)
}

/** The values of the named query parameters, as written and percent-decoded (`+` read both ways). */
function paramValues(search: string, names: ReadonlyArray<string>): Array<string> {
  const wanted = new Set(names.map((name) => name.toLowerCase()))
  const values: Array<string> = []
  for (const pair of search.split('&')) {
    const equals = pair.indexOf('=')
    if (equals === -1) continue
    const name = decoded(pair.slice(0, equals))
    if (!wanted.has(name.toLowerCase())) continue
    const raw = pair.slice(equals + 1)
    values.push(raw, decoded(raw), decoded(raw.replaceAll('+', ' ')))
  }
  return values
}

function decoded(text: string): string {
  try {
    return decodeURIComponent(text)
  } catch {
    return text
  }
}

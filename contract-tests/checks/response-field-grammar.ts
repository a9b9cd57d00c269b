import { standardSays } from '../shared/citations.ts'
import { challengeParameters, httpGrammar } from '../shared/http-grammar.ts'
import { failed, passed, type ResponseCheck, warning } from './response-check.ts'

/** Response fields and the production each must match (RFC 9110, RFC 9111 for Cache-Control, RFC 8594 for Sunset). */
const productions: ReadonlyArray<[field: string, production: RegExp, name: string]> = [
  ['content-type', httpGrammar.mediaType, 'media-type (RFC 9110 section 8.3.1)'],
  ['etag', httpGrammar.entityTag, 'entity-tag (RFC 9110 section 8.8.3), its tag in double quotes'],
  ['last-modified', httpGrammar.imfFixdate, 'IMF-fixdate (RFC 9110 section 5.6.7)'],
  ['sunset', httpGrammar.imfFixdate, 'IMF-fixdate (RFC 8594 section 3, RFC 9110 section 5.6.7)'],
  ['allow', httpGrammar.allow, '#method (RFC 9110 section 10.2.1), a comma-separated list of tokens'],
  ['vary', httpGrammar.vary, '"*" / #field-name (RFC 9110 section 12.5.5)'],
  ['cache-control', httpGrammar.cacheControl, '#cache-directive (RFC 9111 section 5.2)'],
  ['access-control-allow-methods', httpGrammar.allow, '#method (Fetch standard, RFC 9110 section 5.6.1)'],
  ['access-control-allow-headers', httpGrammar.vary, '#field-name (Fetch standard, RFC 9110 section 5.6.1)'],
  ['www-authenticate', httpGrammar.challenges, '#challenge (RFC 9110 section 11.6.1)'],
]

/** Fields only a request carries (RFC 9110 sections 7.2, 11.6.2, 10.1.1, 7.6.2, 10.1.4, 13.1, 14.2; RFC 6265). */
const requestOnly = [
  'host',
  'authorization',
  'proxy-authorization',
  'expect',
  'max-forwards',
  'te',
  'if-match',
  'if-none-match',
  'if-modified-since',
  'if-unmodified-since',
  'if-range',
  'range',
  'cookie',
]

/** Request-only fields that carry a credential: one echoed in an answer is the service's doing, and a leak. */
const credentialFields = ['authorization', 'proxy-authorization', 'cookie']

/** An absolute URI with an empty host, or with userinfo (RFC 9110 sections 4.2.1 and 4.2.4). */
function badReference(value: string): string | undefined {
  if (/^https?:\/\/(?:[/?#]|$)/i.test(value)) return 'an http(s) URI with an empty host'
  if (/^https?:\/\/[^/?#]*@/i.test(value)) return 'an http(s) URI with userinfo'
  return undefined
}

/**
 * Every field a response carries is one its sender may generate, in its grammar (RFC 9110 section 2.2: "A sender
 * MUST NOT generate protocol elements that do not match the grammar defined by the corresponding ABNF rules."):
 * Content-Type, ETag, Last-Modified, Sunset, Allow, Vary, Cache-Control, the CORS lists and WWW-Authenticate (each
 * auth-param once per challenge, section 11.2, with no white space around its "=", section 5.6.3); a Location or
 * Content-Location with no empty host and no userinfo;
 * no credential only a request carries (an echoed Authorization). Another request-only field (PHP's built-in server
 * adds Host to every answer) is the HTTP server's, not the service's: a deviation. An Expires that is not an
 * HTTP-date is a deviation: RFC 9111 section 5.3 has caches read it as a time in the past.
 */
export const responseFieldGrammar: ResponseCheck = {
  name: 'response_field_grammar',
  description: 'Every response field is in its grammar, and no response carries a field only requests carry.',
  basis: standardSays.fieldGrammar,
  run: ({ response }) => {
    const { headers } = response
    for (const [field, production, name] of productions) {
      const value = headers[field]
      if (value !== undefined && !production.test(value))
        return failed(`The ${field} field is not a ${name}.`, name, `${field}: ${value}`)
    }
    const repeated = challengeParameters(headers['www-authenticate'] ?? '').flatMap((names) =>
      names.filter((name, index) => names.indexOf(name) !== index),
    )
    if (repeated.length > 0)
      return failed(
        `A challenge names its ${repeated[0]} parameter more than once (RFC 9110 section 11.2).`,
        'each auth-param once per challenge',
        `www-authenticate: ${headers['www-authenticate']}`,
      )
    const spaced = (headers['www-authenticate'] ?? '').replace(/"(?:[^"\\]|\\.)*"/g, '""')
    if (/[ \t]=|=[ \t]/.test(spaced))
      return failed(
        'A challenge writes white space around an auth-param\'s "=": BWS, which a sender never generates (RFC 9110 ' +
          'section 5.6.3: "A sender MUST NOT generate BWS in messages").',
        'token=value, with no white space around "="',
        `www-authenticate: ${headers['www-authenticate']}`,
      )
    for (const field of ['location', 'content-location']) {
      const value = headers[field]
      const bad = value === undefined ? undefined : badReference(value)
      if (bad) return failed(`The ${field} field holds ${bad}.`, 'a URI reference with a host and no userinfo', value)
    }
    const echoed = requestOnly.filter((field) => headers[field] !== undefined)
    const credentials = echoed.filter((field) => credentialFields.includes(field))
    if (credentials.length > 0)
      return failed(
        `The response carries ${credentials.join(', ')}, a credential only a request carries (RFC 9110 section 2.2).`,
        'no request-only field',
        credentials.join(', '),
      )
    if (echoed.length > 0)
      return warning(
        `The response carries ${echoed.join(', ')}, a field only a request carries: its HTTP server adds it ` +
          "(PHP's built-in server sends Host).",
        'no request-only field',
        echoed.join(', '),
        standardSays.fieldGrammar,
      )
    const expires = headers.expires
    if (expires !== undefined && !httpGrammar.imfFixdate.test(expires))
      return warning(
        'The Expires field is not an HTTP-date: caches read it as a time in the past (RFC 9111 section 5.3).',
        'IMF-fixdate',
        `expires: ${expires}`,
        standardSays.expiresDate,
      )
    return passed('Every field in its grammar.')
  },
}

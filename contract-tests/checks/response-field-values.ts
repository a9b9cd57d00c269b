import type { Exchange } from '../shared/exchange.ts'
import { httpGrammar } from '../shared/http-grammar.ts'
import { semanticsChoose, semanticsSays } from '../shared/semantics-citations.ts'
import { failed, passed, type ResponseCheck, warning } from './response-check.ts'

const tchar = "[!#$%&'*+.^_`|~0-9A-Za-z-]"
const token = `${tchar}+`
/** RFC 9110 section 5.6.5: a comment, nested ones included, as far as a regular expression reads one. */
const comment = '\\((?:[^()\\\\]|\\\\.|\\([^()]*\\))*\\)'
const product = `${token}(?:/${token})?`
/** RFC 9110 section 10.2.4: `Server = product *( RWS ( product / comment ) )`. */
const serverValue = new RegExp(`^${product}(?:[ \\t]+(?:${product}|${comment}))*$`)
const deltaSeconds = /^\d+$/
/** The Cache-Control directives whose argument is delta-seconds, in token form (RFC 9111 sections 5.2.2, 1.2.2). */
const deltaDirectives = ['max-age', 's-maxage', 'stale-while-revalidate', 'stale-if-error']

/** The directives of a Cache-Control value that has matched its list grammar: name (lower case) and argument. */
function directives(value: string): Array<[string, string | undefined]> {
  const found: Array<[string, string | undefined]> = []
  for (const match of value.matchAll(new RegExp(`(${token})(?:=(${token}|"(?:[^"\\\\]|\\\\.)*"))?`, 'g')))
    found.push([(match[1] as string).toLowerCase(), match[2]])
  return found
}

type Fault = [message: string, expected: string, received: string]

/** What a field's value breaks of a MUST of its own section, beyond its list grammar. */
function valueFault(headers: Record<string, string>, request: Exchange['request'], status: number): Fault | undefined {
  const retry = headers['retry-after']
  if (retry !== undefined && !deltaSeconds.test(retry) && !httpGrammar.imfFixdate.test(retry))
    return [
      'Retry-After is neither a whole number of seconds nor an HTTP-date (RFC 9110 section 10.2.3).',
      'delay-seconds (1*DIGIT) or an IMF-fixdate',
      `retry-after: ${retry}`,
    ]
  const age = headers.age
  if (age !== undefined && !deltaSeconds.test(age))
    return ['Age is not delta-seconds (RFC 9111 sections 5.1 and 1.2.2).', '1*DIGIT', `age: ${age}`]
  const cacheControl = headers['cache-control']
  if (cacheControl !== undefined && httpGrammar.cacheControl.test(cacheControl))
    for (const [name, argument] of directives(cacheControl)) {
      if (!deltaDirectives.includes(name) || argument === undefined || deltaSeconds.test(argument)) continue
      const quoted = argument.startsWith('"')
      return [
        quoted
          ? `Cache-Control sends ${name} in quoted-string form (RFC 9111 section 5.2.2: "A sender MUST NOT ` +
            'generate the quoted-string form").'
          : `Cache-Control's ${name} is not delta-seconds (RFC 9111 section 1.2.2: a non-negative integer).`,
        `${name}=<1*DIGIT>`,
        `cache-control: ${cacheControl}`,
      ]
    }
  const challenge = headers['www-authenticate']
  if (challenge !== undefined && /(?:^|[\s,])realm[ \t]*=[ \t]*(?!")/i.test(challenge))
    return [
      'A challenge sends its realm as a token: RFC 9110 section 11.5, "a sender MUST only generate the ' +
        'quoted-string syntax".',
      'realm="…"',
      `www-authenticate: ${challenge}`,
    ]
  const server = headers.server
  if (server !== undefined && !serverValue.test(server))
    return [
      'Server is not a list of product identifiers and comments: RFC 9110 section 10.1.5, "a sender MUST NOT ' +
        'generate advertising or other nonessential information within the product identifier".',
      'product *( RWS ( product / comment ) ), each product token["/"token]',
      `server: ${server}`,
    ]
  const codings = headers['accept-encoding']
  if (codings !== undefined && /;\s*q\s*=\s*[01]\.\d{4,}/i.test(codings))
    return [
      'Accept-Encoding weighs a coding with more than three decimals (RFC 9110 section 12.4.2).',
      'qvalue = ( "0" [ "." 0*3DIGIT ] ) / ( "1" [ "." 0*3("0") ] )',
      `accept-encoding: ${codings}`,
    ]
  const coded = Object.keys(request.headers).some((name) => name.toLowerCase() === 'content-encoding')
  if (status === 415 && codings !== undefined && !coded)
    return [
      'A 415 to a request without a content coding carries Accept-Encoding (RFC 9110 section 12.5.3).',
      'no Accept-Encoding on a 415 for a reason other than a content coding',
      `accept-encoding: ${codings}`,
    ]
  if (status === 426 && headers.upgrade === undefined)
    return [
      'A 426 names no protocol to upgrade to (RFC 9110 section 15.5.22: "The server MUST send an Upgrade header ' +
        'field in a 426 response to indicate the required protocol(s)").',
      'Upgrade',
      'no upgrade',
    ]
  return undefined
}

/** What a field does otherwise than a SHOULD of its section asks: a deviation. */
function valueDeviation(headers: Record<string, string>, status: number): Fault | undefined {
  const server = headers.server
  if (server !== undefined && (/\//.test(server) || /\(/.test(server)))
    return [
      'Server names versions, an operating system or subproducts: RFC 9110 section 10.2.4, "An origin server ' +
        'SHOULD NOT generate a Server header field containing needlessly fine-grained detail".',
      'a product name without version or comment',
      `server: ${server}`,
    ]
  const cacheControl = headers['cache-control']
  if (cacheControl !== undefined && httpGrammar.cacheControl.test(cacheControl)) {
    const found = directives(cacheControl)
    const tokenList = found.find(
      ([name, argument]) => (name === 'no-cache' || name === 'private') && argument && !argument.startsWith('"'),
    )
    if (tokenList)
      return [
        `Cache-Control sends ${tokenList[0]}'s field names as a token: RFC 9111 section 5.2.2, "A sender SHOULD ` +
          'NOT generate the token form".',
        `${tokenList[0]}="<field-name>"`,
        `cache-control: ${cacheControl}`,
      ]
    const names = found.map(([name]) => name)
    if (names.includes('must-understand') && !names.includes('no-store'))
      return [
        'Cache-Control sends must-understand without no-store (RFC 9111 section 5.2.2.3: "A response that ' +
          'contains the must-understand directive SHOULD also contain the no-store directive").',
        'must-understand, no-store',
        `cache-control: ${cacheControl}`,
      ]
  }
  // RFC 9111 section 4.2.2: a cache "MAY assign a heuristic expiration time" to these codes without a stated one.
  const heuristic = [200, 203, 204, 206, 300, 301, 308, 404, 405, 410, 414, 501]
  if (heuristic.includes(status) && headers['last-modified'] && !headers['cache-control'] && !headers.expires)
    return [
      `A ${status} with Last-Modified and no Cache-Control or Expires is heuristically fresh: a cache may serve it ` +
        'unchanged for a tenth of its age (RFC 9110 section 15.1, RFC 9111 section 4.2.2).',
      'Cache-Control (no-cache, private or max-age) beside Last-Modified',
      `last-modified: ${headers['last-modified']}; no cache-control, no expires`,
    ]
  if (status >= 300 && status < 400 && status !== 304 && status !== 300 && headers.location === undefined)
    return [
      `A ${status} names no Location to go to (RFC 9110 section 15.4).`,
      'Location: <URI reference>',
      'no location',
    ]
  return undefined
}

/** The choice a deviation differs from, by the field its message names first. */
function deviationBasis(message: string) {
  if (message.startsWith('Server')) return semanticsChoose.serverDetail
  if (message.includes('heuristically fresh')) return semanticsChoose.heuristicFreshness
  return message.startsWith('Cache-Control') ? semanticsChoose.cacheFieldForms : semanticsChoose.redirectLocation
}

/**
 * What a response field's value says, as its own section asks beyond the list grammar (`response_field_grammar`'s):
 * Retry-After a whole number of seconds or an HTTP-date, Age and every delta-seconds Cache-Control argument a
 * non-negative integer in token form (never `max-age="60"`), a challenge's realm quoted, Server a list of products
 * and comments (no advertising), qvalues with at most three decimals, no Accept-Encoding on a 415 for another reason
 * than a coding, Upgrade on a 426 (violations); a Server naming versions, no-cache or private field names as a
 * token, must-understand without no-store, an answer with Last-Modified a cache may keep fresh by heuristics, a
 * redirect without Location (deviations: SHOULDs).
 */
export const responseFieldValues: ResponseCheck = {
  name: 'response_field_values',
  description: 'Every response field value says what its section lets it say, in the form it asks for.',
  basis: semanticsSays.fieldValues,
  run: ({ request, response }) => {
    const { headers, status } = response
    const fault = valueFault(headers, request, status)
    if (fault) return failed(...fault)
    const deviation = valueDeviation(headers, status)
    if (deviation) return warning(...deviation, deviationBasis(deviation[0]))
    const judged = ['retry-after', 'age', 'cache-control', 'www-authenticate', 'server', 'accept-encoding']
    return judged.some((field) => headers[field] !== undefined) || (status >= 300 && status < 400)
      ? passed('Every field value in the form its section asks for.')
      : undefined
  },
}

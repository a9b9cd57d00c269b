import type { Basis } from '../shared/exchange.ts'
import { httpGrammar } from '../shared/http-grammar.ts'
import { messageSays } from '../shared/message-citations.ts'
import { failed, passed, type ResponseCheck, warning } from './response-check.ts'

/** One rule of RFC 9110 an answer's fields break, and at which level. */
interface FieldBreach {
  message: string
  basis: Basis
  level: 'violation' | 'deviation'
}

type Fields = ReadonlyArray<readonly [string, string]>

const identityCoding: Basis = {
  source: 'x-mock-behaviour',
  text:
    'The mock names no "identity" coding in Content-Encoding. RFC 9110 section 8.4: "the coding named "identity" is ' +
    'reserved for its special role in Accept-Encoding and thus SHOULD NOT be included."',
}

/** Fields whose definition allows no list (RFC 9110 section 5.3): one line each, at most. */
const singletons = new Set([
  'age',
  'content-location',
  'content-type',
  'date',
  'etag',
  'expires',
  'last-modified',
  'location',
  'retry-after',
  'sunset',
])

/** Fields meant for every recipient of the content: never a connection option (RFC 9110 section 7.6.1). */
const endToEnd = new Set([
  'allow',
  'cache-control',
  'content-encoding',
  'content-language',
  'content-location',
  'content-range',
  'content-type',
  'date',
  'etag',
  'expires',
  'last-modified',
  'link',
  'location',
  'retry-after',
  'set-cookie',
  'vary',
  'www-authenticate',
])

const values = (fields: Fields, name: string) =>
  fields.filter(([field]) => field.toLowerCase() === name).map(([, value]) => value)
const tokens = (text: string) =>
  text
    .split(',')
    .map((token) => token.trim().toLowerCase())
    .filter(Boolean)

/** How many values a field holds once a client has joined its lines with ", " (fetch does). */
function joinedCount(name: string, value: string): number {
  if (name === 'content-type') return value.replace(/"(?:[^"\\]|\\.)*"/g, '').split(',').length
  if (name === 'etag') return value.match(/(?:W\/)?"[^"]*"/g)?.length ?? 1
  if (['date', 'expires', 'last-modified', 'sunset'].includes(name)) return value.match(/GMT/g)?.length ?? 1
  if (name === 'age') return value.split(',').length
  return 1
}

/**
 * What an answer's fields break of RFC 9110's rules for fields a server generates: a singleton field twice (section
 * 5.3), a Content-Length on a 1xx or 204 (section 8.6), a connection option missing or naming an end-to-end field
 * (section 7.6.1), an Upgrade without its connection option and a 101 or 426 without Upgrade (section 7.8), a
 * Last-Modified later than the Date (section 8.8.2.1): violations; "identity" in Content-Encoding (section 8.4, a
 * SHOULD NOT): a deviation. `fields` are the lines as sent (`joined`: false), or as a fetch gives them, joined.
 * @example fieldBreaches(204, [['content-length', '0']], { joined: true })[0]?.level // 'violation'
 */
export function fieldBreaches(status: number, fields: Fields, { joined }: { joined: boolean }): Array<FieldBreach> {
  const breaches: Array<FieldBreach> = []
  const breach = (message: string, basis: Basis, level: FieldBreach['level'] = 'violation') =>
    breaches.push({ message, basis, level })
  for (const name of singletons) {
    const lines = values(fields, name)
    const count = joined ? lines.reduce((sum, value) => sum + joinedCount(name, value), 0) : lines.length
    if (count > 1) breach(`${name} is sent ${count} times: ${lines.join(' | ')}`, messageSays.singletonFields)
  }
  const length = values(fields, 'content-length')
  if ((status < 200 || status === 204) && length.length > 0)
    breach(`a ${status} carries Content-Length: ${length.join(', ')}`, messageSays.contentLengthOn204)
  const connection = values(fields, 'connection').flatMap(tokens)
  if (values(fields, 'keep-alive').length > 0 && !connection.includes('keep-alive'))
    breach(
      `Keep-Alive is sent without "keep-alive" in Connection (${connection.join(', ') || 'none'})`,
      messageSays.connectionOptions,
    )
  const options = connection.filter((option) => endToEnd.has(option))
  if (options.length > 0)
    breach(`Connection names end-to-end fields as its options: ${options.join(', ')}`, messageSays.connectionOptions)
  const upgrade = values(fields, 'upgrade')
  if (upgrade.length > 0 && !connection.includes('upgrade'))
    breach(`Upgrade: ${upgrade.join(', ')} is sent without "upgrade" in Connection`, messageSays.upgradeFields)
  if ((status === 101 || status === 426) && upgrade.length === 0)
    breach(`a ${status} carries no Upgrade field`, messageSays.upgradeFields)
  const [modified] = values(fields, 'last-modified')
  const [date] = values(fields, 'date')
  if (
    modified !== undefined &&
    date !== undefined &&
    httpGrammar.imfFixdate.test(modified) &&
    httpGrammar.imfFixdate.test(date) &&
    Date.parse(modified) > Date.parse(date)
  )
    breach(`Last-Modified (${modified}) is later than Date (${date})`, messageSays.lastModifiedNotFuture)
  const codings = values(fields, 'content-encoding').flatMap(tokens)
  if (codings.includes('identity'))
    breach(`Content-Encoding lists "identity" (${codings.join(', ')})`, identityCoding, 'deviation')
  return breaches
}

/**
 * Every answer's fields keep RFC 9110's rules for the fields a server generates (`fieldBreaches`): a violation of
 * the first broken MUST, or a deviation for "identity" in Content-Encoding.
 */
export const answerFieldRules: ResponseCheck = {
  name: 'answer_field_rules',
  description:
    'No singleton field twice, no Content-Length on a 204, connection options and Upgrade as RFC 9110 ' +
    'sections 5.3, 7.6.1, 7.8, 8.6 and 8.8.2.1 ask.',
  basis: messageSays.singletonFields,
  run: ({ response }) => {
    const breaches = fieldBreaches(response.status, Object.entries(response.headers), { joined: true })
    const [first] = [...breaches.filter((b) => b.level === 'violation'), ...breaches]
    if (!first) return passed('The answer keeps the field rules of RFC 9110.')
    const message = `${breaches.map((b) => b.message).join('; ')}.`
    if (first.level === 'deviation') return warning(message, undefined, undefined, first.basis)
    return { ...failed(message), basis: first.basis }
  },
}

import { specChooses } from '../shared/citations.ts'
import { passed, type ResponseCheck, warning } from './response-check.ts'

/** The response directives that let a shared cache store an answer to a request with Authorization (RFC 9111). */
const sharedDirectives = ['public', 's-maxage', 'must-revalidate']
/** Directives that keep an answer out of shared caches whatever else it says. */
const keptOut = ['private', 'no-store']

/** The directive names of a Cache-Control field, in lower case. */
const directivesOf = (field: string) =>
  field
    .split(',')
    .map((directive) => (directive.split('=')[0] ?? '').trim().toLowerCase())
    .filter(Boolean)

/**
 * An answer to a request with Authorization is not marked `public`, `s-maxage` or `must-revalidate` (without
 * `private` or `no-store`): RFC 9111 section 3.5 lets a
 * shared cache (a CDN in front of the service) reuse such an answer for "any subsequent request", with another key
 * or none. A deviation: the section binds caches; one finding per operation and directive.
 */
export const keyedAnswerNotPublic: ResponseCheck = {
  name: 'keyed_answer_not_public',
  description:
    'No answer to a request with Authorization is marked public, s-maxage or must-revalidate (RFC 9111 section 3.5).',
  basis: specChooses.keyedAnswersPrivate,
  run: ({ request, response }, contract) => {
    if (request.headers.authorization === undefined) return undefined
    const directives = directivesOf(response.headers['cache-control'] ?? '')
    // must-revalidate beside no-cache: every reuse is validated at the origin first, with the new request's key.
    const shared = sharedDirectives.filter(
      (name) => directives.includes(name) && !(name === 'must-revalidate' && directives.includes('no-cache')),
    )
    if (shared.length === 0 || keptOut.some((name) => directives.includes(name)))
      return passed('No shared cache may reuse it for another request.')
    return warning(
      `${contract.operationId} marks an answer to a request with Authorization ${shared.join(' and ')}: a shared ` +
        'cache may hand it to a later request with another key or none.',
      'no public, s-maxage or must-revalidate (private or no-store, or no Cache-Control)',
      `Cache-Control: ${response.headers['cache-control']}`,
    )
  },
}

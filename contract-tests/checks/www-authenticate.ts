import { specChooses, standardSays } from '../shared/citations.ts'
import { failed, passed, type ResponseCheck, warning } from './response-check.ts'

/** An auth-scheme at the start of a challenge (RFC 9110 section 11.1: a token). */
const challenge = /^\s*[!#$%&'*+.^_`|~0-9A-Za-z-]+/
/** A Bearer challenge among the field's challenges (auth-scheme names are case-insensitive). */
const bearerChallenge = /(?:^|,)\s*bearer(?:\s|,|$)/i

/**
 * Every 401 carries a challenge (RFC 9110 section 11.6.1: "A server generating a 401 (Unauthorized) response MUST
 * send a WWW-Authenticate header field containing at least one challenge."), whatever the request: a violation
 * without one. A challenge of another scheme than Bearer, the interface's, is a deviation.
 */
export const wwwAuthenticate: ResponseCheck = {
  name: 'www_authenticate',
  description: 'Every 401 sends WWW-Authenticate with a challenge (RFC 9110 section 11.6.1), a Bearer one.',
  basis: standardSays.challenge,
  run: ({ response }) => {
    if (response.status !== 401) return undefined
    const field = response.headers['www-authenticate'] ?? ''
    if (!challenge.test(field))
      return failed(
        'The 401 sends no WWW-Authenticate challenge: a client cannot tell how to authenticate.',
        'WWW-Authenticate: Bearer',
        field === '' ? '(no WWW-Authenticate)' : field,
      )
    if (!bearerChallenge.test(field))
      return warning(
        `The 401 challenges with ${field}, not the interface's Bearer scheme.`,
        'WWW-Authenticate: Bearer',
        field,
        specChooses.bearerChallenge,
      )
    return passed('A Bearer challenge.')
  },
}

/**
 * The productions of RFC 9110 a response field is judged by, each named and written as the RFC writes it
 * (section 5.6 for the common rules). Each is anchored: it matches a whole field value or nothing.
 */
const tchar = "[!#$%&'*+.^_`|~0-9A-Za-z-]"
const token = `${tchar}+`
const ows = '[ \\t]*'
const quotedString = '"(?:[\\t \\x21\\x23-\\x5B\\x5D-\\x7E\\x80-\\xFF]|\\\\[\\t \\x21-\\x7E\\x80-\\xFF])*"'
const parameter = `${token}=(?:${token}|${quotedString})`
const parameters = `(?:${ows};${ows}(?:${parameter})?)*`
const token68 = '[A-Za-z0-9\\-._~+/]+=*'
const authParam = `${token}${ows}=${ows}(?:${token}|${quotedString})`
const challenge = `${token}(?: +(?:${token68}|(?:${authParam})?(?:${ows},${ows}(?:${authParam})?)*))?`
const dayName = '(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun)'
const month = '(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)'
const imfFixdate = `${dayName}, [0-3][0-9] ${month} [0-9]{4} [0-2][0-9]:[0-5][0-9]:[0-6][0-9] GMT`
const entityTag = '(?:W/)?"[\\x21\\x23-\\x7E\\x80-\\xFF]*"'

/** A comma-separated list of `element` (RFC 9110 section 5.6.1), empty members not allowed when generated. */
const list = (element: string) => `(?:${element})(?:${ows},${ows}(?:${element}))*`
const whole = (pattern: string) => new RegExp(`^(?:${pattern})$`)

/** Each production by the name the RFC gives it. */
export const httpGrammar = {
  /** RFC 9110 section 8.3.1: `type "/" subtype parameters`. */
  mediaType: whole(`${token}/${token}${parameters}`),
  /** RFC 9110 section 5.6.7: the only form a sender may generate. */
  imfFixdate: whole(imfFixdate),
  /** RFC 9110 section 8.8.3: `[ weak ] opaque-tag`, the tag in double quotes. */
  entityTag: whole(entityTag),
  /** RFC 9110 section 10.2.1: `#method`, a list of tokens (possibly empty). */
  allow: whole(`(?:${list(token)})?`),
  /** RFC 9110 section 12.5.5: `"*" / #field-name`. */
  vary: whole(`\\*|${list(token)}`),
  /** RFC 9111 section 5.2: `#cache-directive`, each `token [ "=" ( token / quoted-string ) ]`. */
  cacheControl: whole(list(`${token}(?:=(?:${token}|${quotedString}))?`)),
  /** RFC 9110 section 11.6.1: `#challenge`. */
  challenges: whole(list(challenge)),
} as const

const quotedOrPlain = new RegExp(`${quotedString}|[^"]+|"`, 'g')
const schemeFirst = new RegExp(`^(${token})(?: +(.*))?$`)
const paramName = new RegExp(`^(${token})${ows}=${ows}(?:${token}|${quotedString})$`)

/**
 * The auth-param names of each challenge of a WWW-Authenticate value that has matched `httpGrammar.challenges`,
 * lower-cased (RFC 9110 section 11.2: "each parameter name MUST only occur once per challenge"). A member that is
 * a parameter belongs to the challenge before it; any other member starts a challenge.
 * @example challengeParameters('Bearer realm="a", error="invalid_token"') // [['realm', 'error']]
 */
export function challengeParameters(value: string): Array<Array<string>> {
  const members: Array<string> = ['']
  for (const [piece] of value.matchAll(quotedOrPlain)) {
    const parts = piece.startsWith('"') ? [piece] : piece.split(',')
    members[members.length - 1] += parts[0] ?? ''
    members.push(...parts.slice(1))
  }
  const challenges: Array<Array<string>> = []
  for (const member of members.map((text) => text.trim()).filter(Boolean)) {
    const param = paramName.exec(member)
    if (param && challenges.length > 0) {
      challenges.at(-1)?.push((param[1] as string).toLowerCase())
      continue
    }
    const rest = schemeFirst.exec(member)?.[2]?.trim() ?? ''
    const first = paramName.exec(rest)
    challenges.push(first ? [(first[1] as string).toLowerCase()] : [])
  }
  return challenges
}

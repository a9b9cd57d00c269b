/** One finding of Prism's validator, as Prism reports it in `sl-violations`. */
export interface PrismViolation {
  /** Where: `['request', 'query', 'limit']`, `['response', 'body', 'id']`, … */
  location: Array<string>
  /** `Error`, `Warning`, `Information` or `Hint`. */
  severity: string
  code?: string | number
  message: string
}

/** What Prism said about one exchange. */
export interface PrismVerdict {
  /** Findings about the request: expected when the request is deliberately bad. */
  request: Array<PrismViolation>
  /**
   * Findings about the response. Any of them, at any severity, means the answer disagrees with the
   * spec: an undocumented status code is only a `Warning` to Prism, and `--errors` lets it through.
   */
  response: Array<PrismViolation>
  /**
   * Set when Prism answered by itself instead of handing back the upstream's answer: the Prism error
   * type (`UNAUTHORIZED`, `UNPROCESSABLE_ENTITY`, `NO_METHOD_MATCHED_ERROR`, `VIOLATIONS`, …), or
   * `BODY_PARSER` when its HTTP server refused a body it could not parse.
   */
  prismAnswer?: string
}

const prismErrorPrefix = 'https://stoplight.io/prism/errors#'

/**
 * Reads Prism's verdict from a proxied answer: the `sl-violations` header (set with and without
 * `--errors`) and, when Prism answered by itself, which error it gave. A header Prism truncated
 * ("Too many violations!") cannot be read, so it counts as a response violation: the check fails
 * closed.
 * @example const verdict = readPrismVerdict(response.headers, await response.text())
 */
export function readPrismVerdict(headers: Headers, body: string): PrismVerdict {
  const violations = parseViolations(headers.get('sl-violations'))
  const verdict: PrismVerdict = {
    request: violations.filter((violation) => violation.location[0] === 'request'),
    response: violations.filter((violation) => violation.location[0] !== 'request'),
  }
  const prismAnswer = readPrismAnswer(headers.get('content-type') ?? '', body)
  if (prismAnswer !== undefined) verdict.prismAnswer = prismAnswer
  return verdict
}

function parseViolations(header: string | null): Array<PrismViolation> {
  if (header === null) return []
  try {
    const parsed: unknown = JSON.parse(header)
    if (Array.isArray(parsed) && parsed.every(isViolation)) return parsed
  } catch {
    // Falls through to the unreadable-header violation below.
  }
  return [
    { location: ['response'], severity: 'Error', message: `Unreadable sl-violations header: ${header.slice(0, 200)}` },
  ]
}

function isViolation(value: unknown): value is PrismViolation {
  if (typeof value !== 'object' || value === null) return false
  const { location, severity, message } = value as Record<string, unknown>
  return Array.isArray(location) && typeof severity === 'string' && typeof message === 'string'
}

function readPrismAnswer(contentType: string, body: string): string | undefined {
  let parsed: unknown
  try {
    parsed = JSON.parse(body)
  } catch {
    return undefined
  }
  if (typeof parsed !== 'object' || parsed === null) return undefined
  const { type, error } = parsed as { type?: unknown; error?: unknown }
  if (
    contentType.startsWith('application/problem+json') &&
    typeof type === 'string' &&
    type.startsWith(prismErrorPrefix)
  ) {
    return type.slice(prismErrorPrefix.length)
  }
  // Prism's HTTP server (micri) parses JSON bodies before routing and answers `{"error":{…}}` itself.
  if (typeof error === 'object' && error !== null && 'code' in error) return 'BODY_PARSER'
  return undefined
}

import { shorten } from './fuzz-request.ts'

/** What came back for one request: an HTTP response, or why there was none. */
export type FuzzAnswer =
  | { kind: 'response'; status: number; headers: Readonly<Record<string, string>>; body: string }
  | { kind: 'no-answer'; reason: string }

/**
 * An answer as one line for a failure report: status, content type and the start of the body.
 * @example describeAnswer({ kind: 'response', status: 417, headers: {}, body: '' }) // '417, no content-type, body ""'
 */
export function describeAnswer(answer: FuzzAnswer): string {
  if (answer.kind === 'no-answer') return `no answer (${answer.reason})`
  const contentType = answer.headers['content-type'] ?? 'no content-type'
  return `${answer.status}, ${contentType}, body ${shorten(answer.body, 160)}`
}

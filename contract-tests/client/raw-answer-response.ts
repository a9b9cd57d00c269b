import type { RawAnswer } from '../shared/contract-caller.ts'
import { detachedSlice } from '../shared/detached-text.ts'
import type { ExchangeResponse } from '../shared/exchange.ts'
import { readJsonBody } from './read-json-body.ts'

/** Enough of an answer's content to show what came back; the checks of a wire request read the outcome. */
const storedCharacters = 16_384

/**
 * An answer read on the wire as an exchange keeps it: fields merged by name (lower-cased), the content as text (its
 * start only), parsed as JSON within the depth given, `truncated` where it did not arrive whole.
 * @example exchange.response = rawAnswerResponse(answer, outcome.durationMs, 128)
 */
export function rawAnswerResponse(answer: RawAnswer, durationMs: number, maxJsonDepth: number): ExchangeResponse {
  const headers: Record<string, string> = {}
  for (const [field, value] of answer.fields) {
    const lower = field.toLowerCase()
    headers[lower] = lower in headers ? `${headers[lower]}, ${value}` : value
  }
  const text = new TextDecoder().decode(answer.content)
  return {
    status: answer.status,
    headers,
    // A copy: a slice would keep the whole content alive for as long as the exchange.
    bodyText: detachedSlice(text, 0, storedCharacters),
    bodyBytes: answer.content.byteLength,
    ...readJsonBody(text, maxJsonDepth),
    truncated: !answer.complete,
    durationMs,
  }
}

/** One way the target answers differently from the in-process mock where the interface leaves it open. */
export interface Difference {
  /** What differs: `status`, `extra fields`, `default status`, `order`, `error code`, `content type`. */
  kind: string
  operationId: string
  /** In words, with both answers: `the target answers 200, the mock 201`. */
  detail: string
  /** The request (redacted) it was seen on first. */
  example: string
  /** How many requests showed it. */
  count: number
}

/** A body as an adapter read it: the bytes, or word that it passed the size limit. */
export type BodyRead = { kind: 'bytes'; bytes: Uint8Array } | { kind: 'too-large' }

/** Largest request body the mock reads: 1 MiB. A larger one is answered 413 unread. */
export const maxBodyBytes = 1024 * 1024

/**
 * Whether a request's `Content-Length` already passes `maxBodyBytes`: its body is then refused without a byte
 * read. Every transport's body reader asks this first.
 * @example declaredTooLarge('2000000') // true
 */
export function declaredTooLarge(contentLength: string | null | undefined): boolean {
  return Number(contentLength) > maxBodyBytes
}

/** A request as the core sees it, whatever transport brought it. */
export interface OperationRequest {
  /** Path parameters by name, still percent-encoded as they came. */
  params: Readonly<Record<string, string | undefined>>
  query: URLSearchParams
  /** The raw query, without `?`: what `query` is parsed from. */
  readonly search: string
  header(name: string): string | null | undefined
  /** Reads the body at most once, stopping past `maxBodyBytes`. */
  readBody(): Promise<BodyRead>
}

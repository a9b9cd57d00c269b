import { readCappedStream } from '../../shared/read-capped-stream.ts'
import { bodyDropped } from './collect-garbage.ts'

/** A response body as text, with what its bytes said that the text alone no longer shows. */
interface CappedText {
  /** The body decoded as UTF-8 (a byte order mark left out), cut at the cap. */
  text: string
  truncated: boolean
  /** Bytes read (decoded by fetch from any Content-Encoding). */
  bytes: number
  /** The bytes began with a UTF-8 byte order mark (EF BB BF), which `text` leaves out. */
  bom: boolean
  /** The bytes read are valid UTF-8; when false, `text` holds U+FFFD where they are not. */
  utf8: boolean
}

/**
 * Decodes bytes as UTF-8, noting a byte order mark (which a default `TextDecoder` drops without a word) and bytes
 * that are not UTF-8 (which it replaces); `cut`: the bytes end anywhere, a sequence cut short is no fault.
 */
function decoded(bytes: Uint8Array, cut: boolean): Pick<CappedText, 'text' | 'bom' | 'utf8'> {
  const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes, { stream: cut })
  let utf8 = true
  try {
    new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes, { stream: cut })
  } catch {
    utf8 = false
  }
  const bom = text.startsWith('\uFEFF')
  return { text: bom ? text.slice(1) : text, bom, utf8 }
}

/** Bytes kept of a body that passes the cap: its start, for the report; the rest is counted and dropped. */
const keptOfTruncated = 64 * 1024

/**
 * Reads a response body as text through `readCappedStream`, stopping at `cap` bytes so that a huge answer cannot
 * exhaust memory. The bytes counted are the decoded ones (`fetch` has already undone a Content-Encoding), so a gzip
 * bomb stops at the cap too. The bytes are decoded once, at the end: a body that passes the cap is never turned
 * into a string beyond its first 64 KB.
 * @example const { text, truncated, bytes } = await readCappedText(response, 5_000_000)
 * @throws StreamReadError with the bytes read so far, when the body fails while it arrives (a reset, the deadline)
 */
export async function readCappedText(response: Response, cap: number): Promise<CappedText> {
  if (!response.body) return { text: '', truncated: false, bytes: 0, bom: false, utf8: true }
  const read = await readCappedStream(response.body, cap, { keep: keptOfTruncated })
  if (read.truncated) {
    // The bytes past what is kept are let go of at once: a body cut at the cap leaves megabytes behind.
    bodyDropped(read.bytesRead)
    return { ...decoded(read.start, true), truncated: true, bytes: read.bytesRead }
  }
  return { ...decoded(read.bytes, false), truncated: false, bytes: read.bytes.byteLength }
}

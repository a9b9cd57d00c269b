/** A response body as text, with what its bytes said that the text alone no longer shows. */
export interface CappedText {
  /** The body decoded as UTF-8 (a byte order mark left out), cut at the cap. */
  text: string
  truncated: boolean
  /** The bytes began with a UTF-8 byte order mark (EF BB BF), which `text` leaves out. */
  bom: boolean
  /** The bytes read are valid UTF-8; when false, `text` holds U+FFFD where they are not. */
  utf8: boolean
}

const byteOrderMark = '\uFEFF'

/**
 * Reads a response body as text, stopping at `cap` bytes so that a huge answer cannot exhaust memory. The
 * bytes are judged as they come: a byte order mark (which a default `TextDecoder` drops without a word) and
 * bytes that are not UTF-8 (which it replaces) are reported, so a check can hold them against RFC 8259.
 * @example const { text, truncated, bom, utf8 } = await readCappedText(response, 5_000_000)
 */
export async function readCappedText(response: Response, cap: number): Promise<CappedText> {
  if (!response.body) return { text: '', truncated: false, bom: false, utf8: true }
  const reader = response.body.getReader()
  const decoder = new TextDecoder('utf-8', { ignoreBOM: true })
  const strict = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true })
  let utf8 = true
  const judge = (bytes?: Uint8Array) => {
    if (!utf8) return
    try {
      strict.decode(bytes, { stream: bytes !== undefined })
    } catch {
      utf8 = false
    }
  }
  let text = ''
  let total = 0
  const done = (truncated: boolean): CappedText => {
    const bom = text.startsWith(byteOrderMark)
    return { text: bom ? text.slice(1) : text, truncated, bom, utf8 }
  }
  for (;;) {
    const { done: ended, value } = await reader.read()
    if (ended) {
      text += decoder.decode()
      judge()
      return done(false)
    }
    total += value.byteLength
    if (total > cap) {
      reader.cancel().catch(() => {})
      return done(true)
    }
    judge(value)
    text += decoder.decode(value, { stream: true })
  }
}

/**
 * The characters of `text` from `start` to `end` as a string of their own. V8 keeps a slice of a long string as a
 * view that holds the whole of it alive: a 200-character excerpt of a 5 MB body would keep the 5 MB for as long
 * as the finding lives. A copy through UTF-16 bytes keeps every character, lone surrogates included.
 * @example detachedSlice(fiveMegabyteBody, 0, 200).length // 200, and the body can be collected
 */
export function detachedSlice(text: string, start = 0, end = text.length): string {
  return Buffer.from(text.slice(start, end), 'utf16le').toString('utf16le')
}

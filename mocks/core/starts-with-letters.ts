/**
 * Whether `text` begins with `lower` in any ASCII case, without a lower-cased copy (for checks that run on every
 * request). `lower` must be lower-case ASCII letters: case is folded by one bit, which is right for letters only.
 * @example startsWithLetters('BEARER key', 'bearer') // true
 */
export function startsWithLetters(text: string, lower: string): boolean {
  if (text.length < lower.length) return false
  for (let index = 0; index < lower.length; index++)
    if ((text.charCodeAt(index) | 0x20) !== lower.charCodeAt(index)) return false
  return true
}

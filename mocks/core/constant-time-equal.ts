/**
 * Compares two strings in time that depends only on their lengths, not on where they differ,
 * so a key cannot be guessed one character at a time. Runs in Node and in the browser.
 * @example constantTimeEqual(token, key)
 */
export function constantTimeEqual(a: string, b: string): boolean {
  let difference = a.length ^ b.length
  const length = Math.max(a.length, b.length)
  // Past the end of the shorter string charCodeAt gives NaN, which `^` reads as 0; the
  // length difference above already records the mismatch.
  for (let index = 0; index < length; index++) difference |= a.charCodeAt(index) ^ b.charCodeAt(index)
  return difference === 0
}

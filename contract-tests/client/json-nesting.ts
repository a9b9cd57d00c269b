/**
 * Whether JSON text nests arrays and objects deeper than `limit`, found in one pass without parsing (brackets
 * inside strings do not count), so that a body a million levels deep is refused before any parser or
 * serializer recurses into it. RFC 8259 section 9 lets a parser limit the depth of nesting.
 * @example nestsDeeperThan('[[[1]]]', 2) // true
 */
export function nestsDeeperThan(text: string, limit: number): boolean {
  let depth = 0
  let inString = false
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index)
    if (inString) {
      if (code === backslash) index++
      else if (code === quote) inString = false
    } else if (code === quote) inString = true
    else if (code === openBracket || code === openBrace) {
      if (++depth > limit) return true
    } else if (code === closeBracket || code === closeBrace) depth--
  }
  return false
}

const quote = 0x22
const backslash = 0x5c
const openBracket = 0x5b
const closeBracket = 0x5d
const openBrace = 0x7b
const closeBrace = 0x7d

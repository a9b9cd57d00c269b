/** How much of a JSON text `boundedJsonText` keeps. */
export interface JsonBounds {
  /** Deepest nesting of arrays and objects read; deeper is `deep`, found before any parser recurses. */
  maxDepth: number
  /** Members (items of an array, fields of an object) kept of each array or object; the rest are left out. */
  maxMembers: number
  /** Members kept in all, at every depth: past it, every further member is left out. */
  maxValues: number
  /** Field names kept wherever they stand in an object, past `maxMembers` too: those a schema reads. */
  alwaysKept?: ReadonlySet<string>
  /**
   * Characters of strings kept whole, in the order they stand (escapes counted as written): past it, each further
   * string value is cut to its first `cutCharacters`, and a field whose name is longer than what is left is left out.
   */
  maxCharacters?: number
  /** What is kept of a string value past `maxCharacters`. Default 64. */
  cutCharacters?: number
}

/** What `boundedJsonText` found: a JSON text cut to its bounds, or why there is none. */
type BoundedJsonText =
  | {
      kind: 'json'
      /** The text with the members past the bounds left out: still JSON, and the whole text when nothing was. */
      text: string
      /** Members of the outermost value when it is an array or object, every one counted; undefined otherwise. */
      members: number | undefined
      /** Of those, how many `text` keeps. */
      kept: number | undefined
      /** Members left out in all, at every depth. */
      leftOut: number
      /** Strings cut short past `maxCharacters`. */
      stringsCut: number
    }
  | { kind: 'deep' }
  | { kind: 'invalid' }

class NotJson extends Error {}
class TooDeep extends Error {}

/**
 * Reads a JSON text (RFC 8259) in one pass without building any value, and gives the text with every array and
 * object cut to its first `maxMembers` members (and `maxValues` members in all): what a parser then builds is
 * bounded whatever the body holds (1.6 million empty objects, an object with 300,000 fields), while every member is
 * still read for its syntax and counted. A text that is not JSON, or nests deeper than `maxDepth` before its first
 * error, is said so without a text.
 * @example boundedJsonText('[1,2,3]', { maxDepth: 8, maxMembers: 2, maxValues: 10 }).text // '[1,2]'
 */
export function boundedJsonText(text: string, bounds: JsonBounds): BoundedJsonText {
  const reader = new BoundedReader(text, bounds)
  try {
    return reader.read()
  } catch (error) {
    if (error instanceof TooDeep) return { kind: 'deep' }
    if (error instanceof NotJson) return { kind: 'invalid' }
    throw error
  }
}

const quote = 0x22
const backslash = 0x5c
const comma = 0x2c
const colon = 0x3a
const openBracket = 0x5b
const closeBracket = 0x5d
const openBrace = 0x7b
const closeBrace = 0x7d

/**
 * One pass over a text: `at` moves forward only; the ranges left out are kept merged, in order. Nothing is allocated
 * per value (a body may hold millions), so members are counted in fields, not returned.
 */
class BoundedReader {
  private at = 0
  private depth = 0
  /** Members kept so far, at every depth. */
  private keptValues = 0
  private leftOut = 0
  /** Inside a member that is left out: nothing within it is kept or counted as kept. */
  private skipping = false
  private readonly omitted: Array<number> = []
  /** Characters of strings still kept whole, and how many strings were cut. */
  private characters: number
  private stringsCut = 0
  /** The longest name `alwaysKept` holds. */
  private readonly longestKept: number
  /** Members of the container read last, and how many it kept. */
  private members = 0
  private kept = 0
  /** Where the last field name read starts and ends (its quotes left out), and whether it has an escape. */
  private nameStart = 0
  private nameEnd = 0
  private nameEscaped = false

  constructor(
    private readonly text: string,
    private readonly bounds: JsonBounds,
  ) {
    this.characters = bounds.maxCharacters ?? Number.POSITIVE_INFINITY
    this.longestKept = Math.max(0, ...[...(bounds.alwaysKept ?? [])].map((name) => name.length))
  }

  read(): BoundedJsonText {
    this.whitespace()
    const outer = this.text.charCodeAt(this.at)
    this.value()
    this.whitespace()
    if (this.at !== this.text.length) throw new NotJson()
    const container = outer === openBracket || outer === openBrace
    return {
      kind: 'json',
      text: this.keptText(),
      members: container ? this.members : undefined,
      kept: container ? this.kept : undefined,
      leftOut: this.leftOut,
      stringsCut: this.stringsCut,
    }
  }

  private keptText(): string {
    const { omitted, text } = this
    if (omitted.length === 0) return text
    const parts: Array<string> = []
    let from = 0
    for (let index = 0; index < omitted.length; index += 2) {
      parts.push(text.slice(from, omitted[index]))
      from = omitted[index + 1] as number
    }
    parts.push(text.slice(from))
    return parts.join('')
  }

  private value(): void {
    const code = this.text.charCodeAt(this.at)
    if (code === openBracket) this.container(closeBracket, false)
    else if (code === openBrace) this.container(closeBrace, true)
    else if (code === quote) this.stringValue()
    else if (code === 0x74) this.literal('true')
    else if (code === 0x66) this.literal('false')
    else if (code === 0x6e) this.literal('null')
    else this.number()
  }

  /** An array (`fields` false) or an object, its members left out past the bounds (fields `alwaysKept` excepted). */
  private container(close: number, fields: boolean): void {
    if (++this.depth > this.bounds.maxDepth) throw new TooDeep()
    this.at++
    this.whitespace()
    let members = 0
    let kept = 0
    let dropNextComma = false
    let commaAt = -1
    if (this.text.charCodeAt(this.at) !== close)
      for (;;) {
        const start = this.at
        if (fields) {
          this.string()
          this.whitespace()
          this.expect(colon)
          this.whitespace()
        }
        const outer = this.skipping
        const keep = !outer && this.keeps(kept, fields)
        if (!keep) this.skipping = true
        // A kept member after a first one left out: the comma before it goes, before anything within it is cut.
        else if (dropNextComma) this.omit(commaAt, commaAt + 1)
        this.value()
        this.skipping = outer
        members++
        if (keep) {
          kept++
          this.keptValues++
          dropNextComma = false
        } else if (!outer && !fields) {
          // Past the bounds, no later item of an array is kept: the rest is read as a whole and left out at once.
          const from = commaAt < 0 ? start : commaAt
          members += this.skipRest(close)
          this.leftOut += members - kept
          this.omit(from, this.at)
          break
        } else if (!outer) {
          this.leftOut++
          // The comma before it goes with it; a first member has none, and the comma after it goes with the next kept.
          this.omit(commaAt < 0 ? start : commaAt, this.at)
          dropNextComma ||= commaAt < 0
        }
        this.whitespace()
        const next = this.text.charCodeAt(this.at)
        if (next === close) break
        if (next !== comma) throw new NotJson()
        commaAt = this.at++
        this.whitespace()
      }
    this.at++
    this.depth--
    this.members = members
    this.kept = kept
  }

  /** Reads the items left of an array up to its `close` (not past it), none kept; how many there were. */
  private skipRest(close: number): number {
    const outer = this.skipping
    this.skipping = true
    let items = 0
    for (;;) {
      this.whitespace()
      const next = this.text.charCodeAt(this.at)
      if (next === close) break
      if (next !== comma) throw new NotJson()
      this.at++
      this.whitespace()
      this.value()
      items++
    }
    this.skipping = outer
    return items
  }

  /**
   * Whether a member is kept: within both bounds, or a field `alwaysKept` wherever it stands (within the budget); a
   * field whose name is longer than the characters left is not.
   */
  private keeps(kept: number, field: boolean): boolean {
    const { maxMembers, maxValues } = this.bounds
    const length = this.nameEnd - this.nameStart
    if (field && length > this.characters) return this.alwaysKept()
    if ((kept >= maxMembers || this.keptValues >= maxValues) && !(field && this.alwaysKept())) return false
    if (field) this.characters -= length
    return true
  }

  /** Whether the field name just read is one kept wherever it stands (`alwaysKept`), within the budget. */
  private alwaysKept(): boolean {
    const { alwaysKept, maxValues } = this.bounds
    if (!alwaysKept || this.nameEscaped || this.keptValues >= maxValues + alwaysKept.size) return false
    // Most names past the bounds are none of these: compared without a copy of each where the lengths differ.
    const length = this.nameEnd - this.nameStart
    if (length > this.longestKept) return false
    return alwaysKept.has(this.text.slice(this.nameStart, this.nameEnd))
  }

  private omit(start: number, end: number): void {
    const { omitted } = this
    if (omitted.length > 0 && omitted[omitted.length - 1] === start) omitted[omitted.length - 1] = end
    else omitted.push(start, end)
  }

  /** A string value: kept whole within `maxCharacters`, past it cut to its first `cutCharacters`. */
  private stringValue(): void {
    const start = this.at + 1
    this.string()
    if (this.skipping) return
    const length = this.nameEnd - start
    if (length <= this.characters) {
      this.characters -= length
      return
    }
    this.characters = 0
    const cut = this.cutPoint(start, this.bounds.cutCharacters ?? 64)
    if (cut === this.nameEnd) return
    this.stringsCut++
    this.omit(cut, this.nameEnd)
  }

  /** Where a string starting at `start` can end after at most `characters` of it, never within an escape. */
  private cutPoint(start: number, characters: number): number {
    const { text } = this
    let at = start
    while (at < this.nameEnd) {
      const step = text.charCodeAt(at) !== backslash ? 1 : text.charCodeAt(at + 1) === 0x75 ? 6 : 2
      if (at + step - start > characters) break
      at += step
    }
    return at
  }

  /** Reads a string, noting where its text is (`nameStart`, `nameEnd`) for a field name. */
  private string(): void {
    const { text } = this
    if (text.charCodeAt(this.at) !== quote) throw new NotJson()
    let at = this.at + 1
    this.nameStart = at
    this.nameEscaped = false
    for (;;) {
      const code = text.charCodeAt(at)
      if (code === quote) break
      if (code === backslash) {
        this.nameEscaped = true
        const escaped = text.charCodeAt(at + 1)
        if (escaped === 0x75) {
          for (let digit = at + 2; digit < at + 6; digit++) if (!isHexDigit(text.charCodeAt(digit))) throw new NotJson()
          at += 6
        } else if (isEscape(escaped)) at += 2
        else throw new NotJson()
      } else if (code >= 0x20) at++
      // A control character, or the end of the text (NaN).
      else throw new NotJson()
    }
    this.nameEnd = at
    this.at = at + 1
  }

  /** `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?` */
  private number(): void {
    const { text } = this
    let at = this.at
    if (text.charCodeAt(at) === 0x2d) at++
    if (text.charCodeAt(at) === 0x30) at++
    else if (isDigit(text.charCodeAt(at))) while (isDigit(text.charCodeAt(at))) at++
    else throw new NotJson()
    if (text.charCodeAt(at) === 0x2e) {
      at++
      if (!isDigit(text.charCodeAt(at))) throw new NotJson()
      while (isDigit(text.charCodeAt(at))) at++
    }
    const exponent = text.charCodeAt(at)
    if (exponent === 0x65 || exponent === 0x45) {
      at++
      const sign = text.charCodeAt(at)
      if (sign === 0x2b || sign === 0x2d) at++
      if (!isDigit(text.charCodeAt(at))) throw new NotJson()
      while (isDigit(text.charCodeAt(at))) at++
    }
    this.at = at
  }

  private literal(word: string): void {
    if (!this.text.startsWith(word, this.at)) throw new NotJson()
    this.at += word.length
  }

  private expect(code: number): void {
    if (this.text.charCodeAt(this.at) !== code) throw new NotJson()
    this.at++
  }

  private whitespace(): void {
    const { text } = this
    let at = this.at
    for (;;) {
      const code = text.charCodeAt(at)
      if (code !== 0x20 && code !== 0x0a && code !== 0x0d && code !== 0x09) break
      at++
    }
    this.at = at
  }
}

const isDigit = (code: number): boolean => code >= 0x30 && code <= 0x39

const isHexDigit = (code: number): boolean =>
  isDigit(code) || (code >= 0x41 && code <= 0x46) || (code >= 0x61 && code <= 0x66)

/** `"`, `\`, `/`, `b`, `f`, `n`, `r`, `t`: what may follow a backslash besides `u`. */
const isEscape = (code: number): boolean =>
  code === 0x22 ||
  code === 0x5c ||
  code === 0x2f ||
  code === 0x62 ||
  code === 0x66 ||
  code === 0x6e ||
  code === 0x72 ||
  code === 0x74

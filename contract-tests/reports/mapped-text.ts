/**
 * A text derived from a written one (escapes decoded, normalised), with the span of the written text each of its
 * code units came from: `starts[i]` to `ends[i]` (exclusive). Without them, the text is the written one itself.
 */
export interface MappedText {
  text: string
  starts?: Int32Array
  ends?: Int32Array
}

/**
 * The span of the written text that code units `from` to `to` (exclusive) of a derived text came from.
 * @example writtenSpan({ text: 'abc' }, 1, 3) // { start: 1, end: 3 }
 */
export function writtenSpan(level: MappedText, from: number, to: number): { start: number; end: number } {
  if (!level.starts || !level.ends) return { start: from, end: to }
  return { start: level.starts[from] as number, end: level.ends[to - 1] as number }
}

/** Builds a derived text a code unit at a time, each with the written span it came from. */
interface MappedTextBuilder {
  /** Appends `text`, every code unit of it from the written span `start` to `end`. */
  add(text: string, start: number, end: number): void
  /** Appends one code unit from the written span `start` to `end`. */
  unit(code: number, start: number, end: number): void
  /** Appends code units `from` to `to` of `level` as they are, each from where it came. */
  copy(level: MappedText, from: number, to: number): void
  done(): MappedText
}

/**
 * A builder of a derived text, sized for about `capacity` code units (it grows past them).
 * @example const builder = mappedTextBuilder(4); builder.add('A', 0, 3); builder.done() // { text: 'A', ... }
 */
export function mappedTextBuilder(capacity: number): MappedTextBuilder {
  let units = new Uint16Array(Math.max(16, capacity))
  let starts = new Int32Array(units.length)
  let ends = new Int32Array(units.length)
  let length = 0
  const room = (more: number): void => {
    if (length + more <= units.length) return
    const size = Math.max(units.length * 2, length + more)
    const grown = { units: new Uint16Array(size), starts: new Int32Array(size), ends: new Int32Array(size) }
    grown.units.set(units)
    grown.starts.set(starts)
    grown.ends.set(ends)
    ;({ units, starts, ends } = grown)
  }
  return {
    add(text, start, end) {
      room(text.length)
      for (let index = 0; index < text.length; index++) {
        units[length] = text.charCodeAt(index)
        starts[length] = start
        ends[length++] = end
      }
    },
    unit(code, start, end) {
      if (length === units.length) room(1)
      units[length] = code
      starts[length] = start
      ends[length++] = end
    },
    copy(level, from, to) {
      room(to - from)
      for (let index = from; index < to; index++) {
        units[length] = level.text.charCodeAt(index)
        starts[length] = level.starts ? (level.starts[index] as number) : index
        ends[length++] = level.ends ? (level.ends[index] as number) : index + 1
      }
    },
    done: () => ({
      text: utf16(units.subarray(0, length)),
      starts: starts.slice(0, length),
      ends: ends.slice(0, length),
    }),
  }
}

const utf16Decoder = new TextDecoder('utf-16le')

// Each code unit as it is (a lone surrogate comes back as U+FFFD, one unit still): the spans stay in step.
const utf16 = (units: Uint16Array): string =>
  utf16Decoder.decode(new Uint8Array(units.buffer, units.byteOffset, units.byteLength))

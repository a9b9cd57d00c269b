/** What sets the mock's clock: an ISO-8601 date or date-time, a `Date`, or a function the mock asks each time. */
export type MockClockInput = string | Date | (() => Date)

/** The mock's clock: milliseconds since the epoch, like `Date.now()`. */
export type MockClock = () => number

// A date, or a date-time with optional seconds, fraction and offset: the forms ISO 8601 and RFC 3339 share.
const isoDateTime = /^\d{4}-\d{2}-\d{2}(?:T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:\d{2})?)?$/

/**
 * The mock's clock. A date sets it to that instant and it runs on from there (so a mock set to the
 * eve of a date crosses it like a real server would); a function is asked on every read, for a test
 * that moves time itself; nothing means the real clock. A date-time without an offset is UTC, and a
 * bare date is its UTC midnight, so `--now` means the same on every machine.
 * @example createMockClock('2030-12-05')() >= Date.parse('2030-12-05T00:00:00Z') // true
 */
export function createMockClock(input?: MockClockInput): MockClock {
  if (input === undefined) return Date.now
  if (typeof input === 'function') return () => input().getTime()
  const start = typeof input === 'string' ? parseIsoInstant(input) : input.getTime()
  if (Number.isNaN(start))
    throw new TypeError(`Failed to set the mock clock: expected a valid date, got ${String(input)}.`)
  const offset = start - Date.now()
  return offset === 0 ? Date.now : () => Date.now() + offset
}

/**
 * An ISO-8601 date or date-time as milliseconds since the epoch; UTC when it names no offset.
 * @example parseIsoInstant('2030-12-05') // 1922659200000
 */
export function parseIsoInstant(text: string): number {
  const match = isoDateTime.exec(text)
  const withOffset = match && text.includes('T') && !/(?:Z|[+-]\d{2}:\d{2})$/.test(text) ? `${text}Z` : text
  const time = match && isCalendarDate(text) ? Date.parse(withOffset) : Number.NaN
  if (Number.isNaN(time))
    throw new TypeError(
      `Failed to read the date "${text.slice(0, 40)}": expected ISO 8601 such as 2030-12-05 or 2030-12-05T09:30:00Z.`,
    )
  return time
}

/** Date.parse rolls 2030-02-31 over into March; a date that is not on the calendar is refused instead. */
function isCalendarDate(text: string): boolean {
  const [year, month, day] = text.slice(0, 10).split('-').map(Number) as [number, number, number]
  const date = new Date(Date.UTC(year, month - 1, day))
  return date.getUTCMonth() === month - 1 && date.getUTCDate() === day
}

/**
 * A date and time of day in ISO 8601, extended or basic form: `2026-11-27T13:05:00Z`, `2026-11-27T13:05:00.123456`
 * (local time, as Python's `datetime.isoformat()` writes a naive one), `20261127T130500+0100`, `2026-11-27T13:05Z`.
 * The interface's `createdAt` is an "ISO 8601 timestamp".
 */
const iso8601 = new RegExp(
  '^(?:\\d{4}-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12]\\d|3[01])T(?:[01]\\d|2[0-4]):[0-5]\\d(?::[0-5]\\d|:60)?' +
    '|\\d{4}(?:0[1-9]|1[0-2])(?:0[1-9]|[12]\\d|3[01])T(?:[01]\\d|2[0-4])[0-5]\\d(?:[0-5]\\d|60)?)' +
    '(?:[.,]\\d+)?(?:Z|[+-](?:[01]\\d|2[0-3])(?::?[0-5]\\d)?)?$',
)

/** RFC 3339 section 5.6 `date-time`, what OpenAPI's `format: date-time` (our spec) names: an offset always. */
const rfc3339 = /^\d{4}-\d{2}-\d{2}[Tt ]\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:[Zz]|[+-]\d{2}:\d{2})$/

/**
 * Whether a text is a date and time of day in ISO 8601 (see `iso8601`).
 * @example isIso8601Timestamp('2026-11-27T13:05:00.123456') // true
 */
export const isIso8601Timestamp = (text: string): boolean => iso8601.test(text)

/**
 * Whether a text is an RFC 3339 `date-time`.
 * @example isRfc3339Timestamp('2026-11-27T13:05:00.123456') // false: no offset
 */
export const isRfc3339Timestamp = (text: string): boolean => rfc3339.test(text)

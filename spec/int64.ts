import { z } from 'zod'

/** The bounds of an int64, the format the interface gives `id` and `categoryId`. */
export const int64Min = -(2n ** 63n)
export const int64Max = 2n ** 63n - 1n

/** Whether a value read by `parseJson` is an integer within int64: a safe `number`, or a `bigint` in range. */
export function isInt64(value: unknown): value is number | bigint {
  if (typeof value === 'bigint') return value >= int64Min && value <= int64Max
  return Number.isSafeInteger(value)
}

/**
 * Wraps a schema built from the spec so that it judges int64 values read by `parseJson` exactly: zod's
 * `int` stops at 2^53, where an int64 goes on to 2^63. Each `bigint` is judged in its place by a safe
 * stand-in (an in-range one passes wherever an integer may stand; one beyond int64 is an issue of its
 * own), and the value that passes is the original, digits intact.
 * @example int64Exact(petSchema).parse({ id: 2n ** 62n, name: 'Rex', categoryId: 1 })
 */
export function int64Exact<T>(schema: z.ZodType<T>): z.ZodType<T> {
  return z.unknown().superRefine((value, context) => {
    const beyond: Array<Array<PropertyKey>> = []
    const result = schema.safeParse(standIn(value, [], beyond))
    for (const path of beyond) context.addIssue({ code: 'custom', path, message: 'Integer beyond the int64 range' })
    if (result.success) return
    for (const issue of result.error.issues)
      context.addIssue({ code: 'custom', path: issue.path, message: issue.message })
  }) as unknown as z.ZodType<T>
}

function standIn(value: unknown, path: Array<PropertyKey>, beyond: Array<Array<PropertyKey>>): unknown {
  if (typeof value === 'bigint') {
    if (!isInt64(value)) beyond.push(path)
    return value < 0n ? Number.MIN_SAFE_INTEGER : Number.MAX_SAFE_INTEGER
  }
  if (Array.isArray(value)) return value.map((item, index) => standIn(item, [...path, index], beyond))
  if (typeof value !== 'object' || value === null) return value
  let copy: Record<string, unknown> | undefined
  for (const [key, item] of Object.entries(value)) {
    const replaced = standIn(item, [...path, key], beyond)
    if (replaced === item) continue
    copy ??= { ...value }
    copy[key] = replaced
  }
  return copy ?? value
}

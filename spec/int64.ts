import * as z from 'zod'

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
 * `int` stops at 2^53, where an int64 goes on to 2^63. Each `bigint` is judged in its place by a stand-in
 * (an in-range one passes wherever an integer may stand; one beyond int64 fails where the schema types an
 * integer, and nowhere else), and the value that passes keeps the original digits. A value without a bigint, the usual
 * case, comes out as the spec's schema gives it: a fresh object with the described fields only, which
 * stays a fast object when stored (a record built from the input, with its extra symbol keys, does not).
 * @example int64Exact(petSchema).parse({ id: 2n ** 62n, name: 'Rex', categoryId: 1 })
 */
export function int64Exact<T>(schema: z.ZodType<T>): z.ZodType<T> {
  const exact = z.unknown().transform((value, context) => {
    // The usual value has no bigint: it is judged as it is, with no copy (and no walk of a deep hostile body).
    const bigints: Array<{ path: Array<PropertyKey>; value: bigint }> = []
    let judged = value
    try {
      if (containsBigInt(value)) judged = standIn(value, undefined, bigints)
    } catch (error) {
      if (!(error instanceof RangeError)) throw error
      context.addIssue({ code: 'custom', path: [], message: 'Nested too deeply to be judged' })
      return z.NEVER
    }
    const result = schema.safeParse(judged)
    if (!result.success) {
      // A bigint beyond int64 fails only where the schema types an integer: a field it does not name takes any JSON.
      const beyond = bigints.filter(({ value: big }) => !isInt64(big)).map(({ path }) => path.join('\u0000'))
      for (const issue of result.error.issues) {
        const message = beyond.includes(issue.path.join('\u0000')) ? 'Integer beyond the int64 range' : issue.message
        context.addIssue({ code: 'custom', path: issue.path, message })
      }
      return z.NEVER
    }
    if (judged === value) return result.data
    // The schema's own output, each stand-in it kept given its original digits back.
    for (const { path, value: big } of bigints) setWhereHeld(result.data, path, big)
    return result.data
  }) as unknown as z.ZodType<T>
  plainSchemas.set(exact, schema)
  return exact
}

/** Sets a value at a path of a value the schema output (a fresh value of its own), where it holds something. */
function setWhereHeld(value: unknown, path: ReadonlyArray<PropertyKey>, replacement: unknown): void {
  let at = value
  for (const [index, key] of path.entries()) {
    if (typeof at !== 'object' || at === null || !Object.hasOwn(at, key)) return
    if (index === path.length - 1) (at as Record<PropertyKey, unknown>)[key] = replacement
    else at = (at as Record<PropertyKey, unknown>)[key]
  }
}

const plainSchemas = new WeakMap<z.ZodType, z.ZodType>()

/**
 * The spec's own schema an `int64Exact` schema wraps, or undefined: a value it accepts (no bigint) passes
 * the wrapper too, with the same output, so a caller may try it first and save the wrapper's cost.
 * @example plainSchemaOf(newPetSchema)?.safeParse(body)
 */
export function plainSchemaOf<T>(schema: z.ZodType<T>): z.ZodType<T> | undefined {
  return plainSchemas.get(schema) as z.ZodType<T> | undefined
}

/** Whether a bigint is anywhere in a value, walked without recursion (a body may nest 10,000 deep). */
function containsBigInt(value: unknown): boolean {
  // The usual value, an object of primitives (a pet, a new pet), is judged with no allocation.
  if (typeof value !== 'object' || value === null) return typeof value === 'bigint'
  let nested = false
  for (const key in value) {
    const item = (value as Record<string, unknown>)[key]
    if (typeof item === 'bigint') return true
    if (typeof item === 'object' && item !== null) nested = true
  }
  if (!nested) return false
  const stack: Array<unknown> = [value]
  while (stack.length > 0) {
    const item = stack.pop()
    if (typeof item === 'bigint') return true
    if (typeof item === 'object' && item !== null) for (const child of Object.values(item)) stack.push(child)
  }
  return false
}

/** A path as a chain of links, turned into an array only for an issue: copying it at every level is quadratic. */
interface PathLink {
  parent: PathLink | undefined
  key: PropertyKey
}

const pathOf = (link: PathLink | undefined): Array<PropertyKey> => {
  const path: Array<PropertyKey> = []
  for (let at = link; at; at = at.parent) path.unshift(at.key)
  return path
}

// What stands in for a bigint while the schema judges it: within int64, a safe integer that passes wherever an
// integer may stand; beyond it, an unsafe one that an integer field refuses and any other value accepts.
const standInFor = (big: bigint): number =>
  isInt64(big) ? (big < 0n ? Number.MIN_SAFE_INTEGER : Number.MAX_SAFE_INTEGER) : Number(big)

function standIn(
  value: unknown,
  path: PathLink | undefined,
  bigints: Array<{ path: Array<PropertyKey>; value: bigint }>,
): unknown {
  if (typeof value === 'bigint') {
    bigints.push({ path: pathOf(path), value })
    return standInFor(value)
  }
  if (Array.isArray(value)) return value.map((item, index) => standIn(item, { parent: path, key: index }, bigints))
  if (typeof value !== 'object' || value === null) return value
  let copy: Record<string, unknown> | undefined
  for (const [key, item] of Object.entries(value)) {
    const replaced = standIn(item, { parent: path, key }, bigints)
    if (replaced === item) continue
    copy ??= { ...value }
    copy[key] = replaced
  }
  return copy ?? value
}

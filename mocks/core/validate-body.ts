import type * as z from 'zod'
import { plainSchemaOf } from '../../spec/int64.ts'
import { MockError } from './mock-error.ts'

/**
 * Checks a parsed body against a schema built from the spec; a mismatch is a 400 `invalid_body`
 * whose message names each field at fault.
 * @example const newPet = validateBody(newPetSchema, json)
 */
export function validateBody<T>(schema: z.ZodType<T>, value: unknown): T {
  // The usual body, with no integer beyond 2^53, passes the spec's own schema: the int64 wrapper's work is
  // needed only when it does not.
  const plain = plainSchemaOf(schema)?.safeParse(value)
  if (plain?.success) return plain.data
  const result = schema.safeParse(value)
  if (result.success) return result.data
  const problems = result.error.issues.map((issue) => describeIssue(issue, value))
  throw new MockError(400, 'invalid_body', `Invalid request body: ${problems.join('; ')}.`)
}

function describeIssue(issue: z.core.$ZodIssue, value: unknown): string {
  const field = issue.path.map(String).join('.')
  const detail = issue.message.replace(/^Invalid input: /, '')
  if (field === '') return `the body ${detail.replace('expected object', 'must be a JSON object')}`
  // Read from the body, not from the issue: the int64-exact schema passes its issues on with another code.
  if (isAbsent(value, issue.path)) return `"${field}" is required`
  return `"${field}" ${detail}`
}

/** Whether the body lacks the field a path names (its parent is there, the key is not). */
function isAbsent(value: unknown, path: ReadonlyArray<PropertyKey>): boolean {
  let parent = value
  for (const key of path.slice(0, -1)) {
    if (typeof parent !== 'object' || parent === null) return false
    parent = (parent as Record<PropertyKey, unknown>)[key]
  }
  const last = path.at(-1)
  return typeof parent === 'object' && parent !== null && last !== undefined && !Object.hasOwn(parent, last)
}

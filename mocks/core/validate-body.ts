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
  const problems = result.error.issues.map(describeIssue)
  throw new MockError(400, 'invalid_body', `Invalid request body: ${problems.join('; ')}.`)
}

function describeIssue(issue: z.core.$ZodIssue): string {
  const field = issue.path.map(String).join('.')
  const detail = issue.message.replace(/^Invalid input: /, '')
  if (field === '') return `the body ${detail.replace('expected object', 'must be a JSON object')}`
  if (issue.code === 'invalid_type' && detail.endsWith('received undefined')) return `"${field}" is required`
  return `"${field}" ${detail}`
}

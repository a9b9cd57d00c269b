import { MockError } from './mock-error.ts'

/**
 * The single value of a query parameter: undefined when absent, a 400 when repeated.
 * @example queryValue(new URLSearchParams('limit=5'), 'limit') // '5'
 */
export function queryValue(query: URLSearchParams, name: string): string | undefined {
  const values = query.getAll(name)
  if (values.length > 1)
    throw new MockError(400, 'invalid_parameter', `The "${name}" query parameter must be given at most once.`)
  return values[0]
}

/** A value the client sent, shortened and quoted for an error message. */
export function quote(value: string): string {
  return JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value)
}

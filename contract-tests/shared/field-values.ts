/**
 * The field's values, every line of that name (in any case) in order.
 * @example fieldValues([['Content-Length', '2']], 'content-length') // ['2']
 */
export function fieldValues(fields: ReadonlyArray<readonly [string, string]>, name: string): Array<string> {
  return fields.filter(([field]) => field.toLowerCase() === name).map(([, value]) => value)
}

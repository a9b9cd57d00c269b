import type { OperationSpec } from '../../spec/operations.ts'
import type { PathParameterValue } from '../../spec/path-value.ts'
import { namingRole, statefulRoles } from '../../spec/relations.ts'
import { MockError } from './mock-error.ts'
import { quote } from './query-value.ts'

/**
 * The id a request names in the path parameter its operation's link fills (`spec/relations.ts`), read as that
 * parameter's schema types it (`spec/path-value.ts`): an integer of its format (a bigint beyond 2^53), a UUID in
 * lower case, a value of its pattern. Percent-escapes are decoded first. Anything else is a 400 `invalid_parameter`
 * naming the parameter and what it admits, carrying `headers`.
 * @example parseResourceId(route, request.params, headers) // 42
 * @throws MockError 400 `invalid_parameter` for a value the parameter's schema refuses
 */
export function parseResourceId(
  route: OperationSpec,
  params: Readonly<Record<string, string | undefined>>,
  headers: Record<string, string>,
): PathParameterValue {
  const parameter = namingRole(statefulRoles[route.operationId])?.link.parameter
  if (parameter === undefined)
    throw new TypeError(`Failed to read an id for "${route.operationId}": no creator's link names it.`)
  const raw = params[parameter] ?? ''
  let text = raw
  if (raw.includes('%')) {
    try {
      text = decodeURIComponent(raw)
    } catch {
      // A malformed escape is refused below like any other value the schema does not admit.
    }
  }
  const reader = route.pathValue(parameter)
  const id = reader.read(text)
  if (id !== undefined) return id
  throw new MockError(
    400,
    'invalid_parameter',
    `The "${parameter}" path parameter must be ${reader.admits}, got ${quote(text)}.`,
    headers,
  )
}

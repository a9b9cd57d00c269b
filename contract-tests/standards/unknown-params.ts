import type { OperationSpec } from '../../spec/operations.ts'
import { unknownParameterTexts } from '../values/query-values.ts'
import { specParameters } from '../values/spec-parameters.ts'

/**
 * Path parameters of an operation that each name a value of its schema no target is likely to hold (a large
 * integer, a UUID drawn with a fixed seed): a request for a resource no target holds.
 * @example unknownParams(operations.getOwner, ['ownerId']) // { ownerId: '0a1f…' }
 */
export function unknownParams(operation: OperationSpec, names: ReadonlyArray<string>): Record<string, string> {
  const parameters = specParameters(operation.operationId).filter((parameter) => parameter.in === 'path')
  return Object.fromEntries(
    names.map((name) => {
      const schema = parameters.find((parameter) => parameter.name === name)?.schema ?? {}
      return [name, unknownParameterTexts(schema, new Set())[0] ?? '']
    }),
  )
}

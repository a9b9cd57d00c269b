import type { OperationSpec } from '../../spec/operations.ts'
import type { CallOptions } from '../model/contract-caller.ts'
import type { SuiteData } from '../model/suite-data.ts'

/** Why a check of an unsafe operation that names a pet is skipped. */
export const notCreated = 'This run created no pet to name in an unsafe request, and names no pet it did not create.'

/**
 * A request the operation accepts, so that only what a check varies can make it fail: the spec's sample
 * request, its body named after the run, its path parameters naming a pet the run may touch. A safe
 * operation names a pet the target lists; an unsafe one only a pet this run created (never one somebody
 * else owns, were its authentication broken): undefined when it names a pet and the run created none.
 * @example validRequest(operations.getPet, context.data) // { params: { petId: 17 } }
 */
export function validRequest(operation: OperationSpec, data: SuiteData): CallOptions | undefined {
  const { sample } = operation
  const pets = operation.safe ? [...data.listed, ...data.created] : data.created
  const known = pets[0]?.id
  if (known === undefined && !operation.safe && 'petId' in sample.params) return undefined
  const params = Object.fromEntries(
    Object.entries(sample.params).map(([name, value]) => [
      name,
      name === 'petId' && known !== undefined ? known : value,
    ]),
  )
  const json =
    typeof sample.json === 'object' && sample.json !== null && 'name' in sample.json
      ? { ...sample.json, name: `${data.runTag}-${operation.operationId}` }
      : sample.json
  return { params, ...(json !== undefined && { json }) }
}

import type { Coverage } from '../shared/coverage.ts'

/**
 * What a run did not exercise, in words: an operation it never called as one item naming what that left unseen,
 * and for the others each promised status and each parameter no request had.
 * @example uncoveredItems(coverage)
 * // ['createPet (never called: 201, 400, 401)', 'getPet 404', 'listPets parameter status']
 */
export function uncoveredItems(coverage: Coverage): Array<string> {
  return coverage.operations.flatMap(({ operationId, requests, statuses, parameters }) => {
    const unseen = [
      ...statuses.filter((status) => !status.seen).map((status) => status.status),
      ...parameters.filter((parameter) => !parameter.seen).map((parameter) => `parameter ${parameter.name}`),
    ]
    if (requests === 0) return [`${operationId} (never called${unseen.length > 0 ? `: ${unseen.join(', ')}` : ''})`]
    return unseen.map((item) => `${operationId} ${item}`)
  })
}

import { operationList } from '../../spec/operations.ts'
import type { Coverage, CoverageHit } from '../shared/coverage.ts'
import { specParameters } from '../values/spec-parameters.ts'

const matches = (key: string, status: number) => key === String(status) || key === `${String(status)[0]}XX`

/**
 * What the requests of a run exercised of the spec's described operations: each operation, each status it
 * promises (not those only the mock chooses), each parameter.
 * @example measureCoverage(client.coverageHits).ratio // 0.93
 */
export function measureCoverage(hits: ReadonlyArray<CoverageHit>): Coverage {
  const operations = operationList
    .filter((operation) => operation.described)
    .map((operation) => {
      const mine = hits.filter((hit) => hit.operationId === operation.operationId)
      return {
        operationId: operation.operationId,
        requests: mine.length,
        statuses: operation.promisedStatuses.map((status) => ({
          status,
          seen: mine.some((hit) => matches(status, hit.status)),
        })),
        parameters: specParameters(operation.operationId).map(({ name }) => ({
          name,
          seen: mine.some((hit) => hit.parameters.includes(name)),
        })),
      }
    })
  const items = operations.flatMap((operation) => [
    operation.requests > 0,
    ...operation.statuses.map((status) => status.seen),
    ...operation.parameters.map((parameter) => parameter.seen),
  ])
  const covered = items.filter(Boolean).length
  return { operations, covered, total: items.length, ratio: items.length === 0 ? 1 : covered / items.length }
}

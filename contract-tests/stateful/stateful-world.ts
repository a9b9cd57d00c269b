import type { ResourceLink } from '../../spec/relations.ts'
import type { OperationId } from '../../spec/types.ts'
import { interfaceSays } from '../shared/citations.ts'
import type { ContractCaller } from '../shared/contract-caller.ts'
import { type Basis, type Exchange, statusOf } from '../shared/exchange.ts'
import type { Resource } from '../shared/suite-data.ts'
import { ModelViolation } from './model-violation.ts'
import type { ResourceKnowledge } from './resource-knowledge.ts'

/** What every command works on: the knowledge (the model) and the target (the real system). */
export interface StatefulWorld {
  knowledge: ResourceKnowledge
  client: ContractCaller
  /** Requests in flight at once when a command sends several. */
  concurrency: number
  /** What a command could not judge on this target, and why: said in the check's result, never passed over. */
  unjudged?: Array<string>
}

/**
 * A registry check that failed on the exchange is a violation of the run as much as the model's own.
 * @throws ModelViolation for the first failed check
 */
export function assertRegistry(exchange: Exchange): void {
  const failed = exchange.results.find((result) => result.outcome === 'failed')
  if (failed)
    throw new ModelViolation(
      `[${failed.check}] ${failed.message}`,
      failed.basis ?? interfaceSays.responses,
      exchange,
      failed.expected,
      failed.received,
    )
}

/**
 * Runs `tasks` with at most `limit` in flight, results in task order.
 * @example await pooled([() => a(), () => b()], 2)
 */
export async function pooled<T>(tasks: Array<() => Promise<T>>, limit: number): Promise<Array<T>> {
  const results: Array<T> = []
  let next = 0
  const worker = async () => {
    while (next < tasks.length) {
      const index = next++
      results[index] = await (tasks[index] as () => Promise<T>)()
    }
  }
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, tasks.length)) }, worker))
  return results
}

/**
 * Sends `role`'s operation naming `resource` through the link's parameter (with `json` as its body, when
 * given); the registry's checks judged.
 * @example const { id, exchange } = await callNaming(world, statefulRoles.getPet, pet)
 */
export async function callNaming(
  world: StatefulWorld,
  role: { operationId: OperationId; link: ResourceLink },
  resource: Resource,
  json?: unknown,
): Promise<{ id: string | number | bigint; exchange: Exchange; status: number }> {
  const id = resource[role.link.field] as string | number | bigint
  const params = { [role.link.parameter]: id }
  const exchange = await world.client.call(role.operationId, {
    params,
    ...(json !== undefined && { json }),
    record: false,
  })
  assertRegistry(exchange)
  return { id, exchange, status: exchange.response?.status ?? 0 }
}

/**
 * What was removed is gone: 404 as a missing one, or 410 (RFC 9110 section 15.5.11), never the resource.
 * @throws ModelViolation naming `what` for any other answer
 */
export function assertGone(exchange: Exchange, what: string, basis: Basis): void {
  const status = exchange.response?.status
  if (status === 404 || status === 410) return
  throw new ModelViolation(
    `${what} got ${statusOf(exchange)}`,
    basis,
    exchange,
    '404 (or 410)',
    exchange.response?.bodyText,
  )
}

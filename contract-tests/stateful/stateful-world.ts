import { interfaceSays } from '../model/citations.ts'
import type { ContractCaller } from '../model/contract-caller.ts'
import type { Exchange } from '../model/exchange.ts'
import { ModelViolation } from './model-violation.ts'
import type { ResourceKnowledge } from './resource-knowledge.ts'

/** What every command works on: the knowledge (the model) and the target (the real system). */
export interface StatefulWorld {
  knowledge: ResourceKnowledge
  client: ContractCaller
  /** Requests in flight at once when a command sends several. */
  concurrency: number
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

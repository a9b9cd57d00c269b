import type { ContractClient } from '../client/contract-client.ts'
import { TransportFailure } from '../client/transport-failure.ts'
import { specChooses } from '../shared/citations.ts'
import type { ScenarioResult, UnansweredRequest } from '../shared/scenario-result.ts'

const bytes = (count: number): string => `${count.toLocaleString('en')} bytes`
const closedOnBody = (request: UnansweredRequest): boolean => request.kind === 'closed' && request.bodyBytes > 0

/**
 * Turns the requests a target refused by closing the connection on their body into one deviation per check, when
 * they show a size limit: every such body is larger than any body the target answered, and one more request with a
 * body of the smallest refused size, one that can create nothing (it lacks every required field), is refused the
 * same way. The interface states no request size limit; a server may set one, and our spec's mock answers a body
 * over its own with 413. The requests so explained are no longer counted as not judged; any other stays so.
 * @example await settleClosedBodies(results, client)
 */
export async function settleClosedBodies(
  results: ReadonlyArray<ScenarioResult>,
  client: ContractClient,
): Promise<void> {
  const closed = results.flatMap((result) => (result.unanswered ?? []).filter(closedOnBody))
  const smallest = closed.reduce<UnansweredRequest | undefined>(
    (least, request) => (least === undefined || request.bodyBytes < least.bodyBytes ? request : least),
    undefined,
  )
  const largestAnswered = client.largestAnsweredBodyBytes
  if (!smallest || smallest.bodyBytes <= largestAnswered || !(await refusedAgain(client, smallest))) return
  for (const result of results) {
    const explained = (result.unanswered ?? []).filter(
      (request) => closedOnBody(request) && request.bodyBytes >= smallest.bodyBytes,
    )
    if (explained.length === 0) continue
    const rest = (result.unanswered ?? []).filter((request) => !explained.includes(request))
    result.unanswered = rest.length > 0 ? rest : undefined
    // The smallest of them as the example: the one nearest the limit.
    const [first] = [...explained].sort((a, b) => a.bodyBytes - b.bodyBytes) as [UnansweredRequest]
    result.assertions.push({
      check: result.check,
      outcome: 'warning',
      level: 'deviation',
      basis: specChooses.bodyLimitAnswered,
      message:
        `${first.operationId}: the target closes the connection, without an answer, on a request body of ` +
        `${bytes(smallest.bodyBytes)} or more (${explained.length}× here, e.g. ${first.method} ${first.url} with ` +
        `${bytes(first.bodyBytes)}); the largest body it answered: ${bytes(largestAnswered)}. The interface ` +
        'states no request size limit.',
      expected: 'an answer: 2xx, or a clean 4xx Error (413 from our spec) for a body over a limit',
      received: `the connection closed before an answer on ${bytes(first.bodyBytes)}`,
    })
    if (result.outcome === 'error' && rest.length === 0 && explained.some(({ reason }) => reason === result.reason)) {
      result.outcome = 'skipped'
      result.reason = `The target refused its request body by closing the connection (a deviation): ${result.reason}`
    }
  }
}

/** Whether a body of the refused size, which no conformant server may act on, is refused by closing again. */
async function refusedAgain(client: ContractClient, refused: UnansweredRequest): Promise<boolean> {
  const padding = 'x'.repeat(Math.max(0, refused.bodyBytes - '{"padding":""}'.length))
  try {
    await client.call(refused.operationId, { body: `{"padding":"${padding}"}`, record: false })
    return false
  } catch (error) {
    return error instanceof TransportFailure && error.kind === 'closed'
  }
}

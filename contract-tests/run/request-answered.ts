import { interfaceSays } from '../shared/citations.ts'
import type { CheckResult } from '../shared/exchange.ts'
import type { UnansweredRequest } from '../shared/scenario-result.ts'

/** The check a request left without an answer is reported under. */
export const requestAnswered = 'request_answered'

const sameRequest = (one: UnansweredRequest, other: UnansweredRequest) =>
  one.method === other.method && one.url === other.url && one.bodyBytes === other.bodyBytes

/**
 * A request the service left without an answer on both tries of a scenario, while it answered others of the run: a
 * violation. The interface lists what each operation answers (its "Responses" table); no answer is none of them. Only
 * a request fetch sent and waited on for the whole per-request deadline counts (`timeout`): a connection closed or
 * refused may be a deployment's restart, and the requests the suite writes itself never throw. Undefined when the
 * requests differ, or when nothing of the run was answered (a target that is down gets no verdict).
 * @example unansweredTwice(first.unanswered, second.unanswered, client.answered) // { check: 'request_answered', … }
 */
export function unansweredTwice(
  first: ReadonlyArray<UnansweredRequest>,
  second: ReadonlyArray<UnansweredRequest>,
  answered: number,
): CheckResult | undefined {
  if (answered === 0) return undefined
  const timedOut = (requests: ReadonlyArray<UnansweredRequest>) => requests.filter(({ kind }) => kind === 'timeout')
  const again = timedOut(second).find((request) => timedOut(first).some((earlier) => sameRequest(earlier, request)))
  if (!again) return undefined
  return unansweredFinding(
    again.operationId,
    `${again.reason.replace(/\.$/, '')}, on both tries of the check, while the service answered ` +
      `${answered} other request${answered === 1 ? '' : 's'} of the run (${again.method} ${again.url})`,
    'no answer, twice',
  )
}

/**
 * The `request_answered` violation of an operation that left a request without an answer: none of the answers its
 * Responses table lists came.
 * @example unansweredFinding('createPet', 'No create got an answer …', 'no answer')
 */
export function unansweredFinding(
  operationId: string,
  message: string,
  received: string,
  exchangeIndex?: number,
): CheckResult {
  return {
    check: requestAnswered,
    outcome: 'failed',
    level: 'violation',
    basis: interfaceSays.responses,
    message,
    expected: `an answer of ${operationId}'s Responses table`,
    received,
    ...(exchangeIndex !== undefined && { exchangeIndex }),
  }
}

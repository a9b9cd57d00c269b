import { operationList } from '../../spec/operations.ts'
import { clientErrors } from '../scenarios/expect-refusal.ts'
import { validRequest } from '../scenarios/valid-request.ts'
import { specChooses, standardSays } from '../shared/citations.ts'
import type { Scenario } from '../shared/scenario.ts'
import { judgeForm } from './wire-form-verdicts.ts'

/** The request-line RFC 9112 section 3 recommends every recipient take, and a target longer than most will parse. */
const recommendedLine = 8_000
const longTarget = 65_536

/** The valid request's query with an unknown parameter `pad` making its request-line `length` octets long. */
const padded = (query: string | undefined, target: number, length: number) => {
  const head = `${query ? `${query}&` : ''}pad=`
  return `${head}${'a'.repeat(Math.max(1, length - target - head.length))}`
}

/**
 * How long a request-target may be (RFC 9112 section 3): the valid request of every described operation with an
 * unknown query parameter padding it, first short (its answer is the one to expect), then to a request-line of 8,000
 * octets ("It is RECOMMENDED that all HTTP senders and recipients support, at a minimum, request-line lengths of 8000
 * octets."), then to a target of 64 KiB ("A server that receives a request-target longer than any URI it wishes to
 * parse MUST respond with a 414 (URI Too Long) status code"). The long ones get the short one's answer, or 414 for the
 * 64 KiB one; a 5xx is a violation; another refusal or none (node answers 431 past its 16 KiB of head) a deviation of
 * the server's HTTP layer.
 */
export const longTargetScenarios: Array<Scenario> = operationList
  .filter((operation) => operation.described)
  .map(
    (operation): Scenario => ({
      check: 'long_request_target',
      title: `${operation.operationId} with a request-line of 8,000 octets and a target of 64 KiB: answered, or 414`,
      operationId: operation.operationId,
      basis: standardSays.targetTooLong,
      writes: !operation.safe,
      async run(context) {
        const request = validRequest(operation, context.data)
        if (!request) return context.skip('No request of this operation can be built.')
        const send = (query: string) =>
          context.client.call(operation.operationId, { ...request, query, alsoAccepted: clientErrors, wire: {} })
        const short = (await send(padded(request.query, 0, 8))).response?.status
        const base = `${operation.method} ${operation.path} HTTP/1.1`.length + 40
        const recommended = await send(padded(request.query, base, recommendedLine))
        judgeForm(context, recommended, {
          what: `${operation.operationId} with a request-line of ${recommendedLine} octets`,
          expected: `${short}, as with a short one`,
          verdict: (status) => (status === short ? 'pass' : 'deviation'),
          basis: standardSays.targetTooLong,
          choice: specChooses.requestRobustness,
        })
        const long = await send(padded(request.query, 0, longTarget))
        judgeForm(context, long, {
          what: `${operation.operationId} with a request-target of ${longTarget} octets`,
          expected: `414, or ${short} as with a short one`,
          verdict: (status) => (status === 414 || status === short ? 'pass' : 'deviation'),
          basis: standardSays.targetTooLong,
        })
      },
    }),
  )

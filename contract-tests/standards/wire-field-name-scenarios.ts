import { stringifyJson } from '../../spec/json/stringify-json.ts'
import { operationList } from '../../spec/operations.ts'
import { wireOutcomeOf } from '../client/raw-exchange-call.ts'
import { clientErrors } from '../scenarios/expect-refusal.ts'
import { notCreated, sendableRequest } from '../scenarios/valid-request.ts'
import { specChooses, standardSays } from '../shared/citations.ts'
import type { CallOptions } from '../shared/contract-caller.ts'
import { type Exchange, statusOf } from '../shared/exchange.ts'
import type { Scenario, ScenarioContext } from '../shared/scenario.ts'
import { judgeFraming } from './wire-answers.ts'

/** `aUtHoRiZaTiOn`: every other letter upper-cased. */
const mixedCase = (name: string) =>
  [...name].map((letter, index) => (index % 2 === 1 ? letter.toUpperCase() : letter)).join('')

const forms: ReadonlyArray<[string, (name: string) => string]> = [
  ['upper-cased (AUTHORIZATION, CONTENT-TYPE, HOST)', (name) => name.toUpperCase()],
  ['in mixed case (aUtHoRiZaTiOn)', mixedCase],
]

/** The fields of a sent JSON object an answer echoes with another value. */
function changedFields(sent: unknown, answer: unknown): Array<string> {
  if (typeof sent !== 'object' || sent === null || typeof answer !== 'object' || answer === null) return []
  const echoed = answer as Record<string, unknown>
  return Object.entries(sent).flatMap(([field, value]) =>
    field in echoed && stringifyJson(echoed[field]) !== stringifyJson(value) ? [field] : [],
  )
}

/**
 * Holds the answer to a request whose field names are written in another case to the lower-case one's: the same
 * status, the same fields echoed. A clean 4xx refusal is a deviation; a 401 says a valid key is missing, a 5xx
 * that the server erred, another 2xx or a changed echo that the request was read otherwise: violations.
 */
function judgeSameAnswer(context: ScenarioContext, plain: Exchange, cased: Exchange, what: string, sent: unknown) {
  const [was, is] = [plain.response?.status, cased.response?.status]
  if (was === undefined) return
  const detail = {
    expected: `${statusOf(plain)}, as written in lower case`,
    received: statusOf(cased),
    exchange: cased,
  }
  if (is === undefined || (is >= 400 && is < 500 && is !== 401 && is !== was)) {
    context.observe({
      ...detail,
      message: `${what} is ${is === undefined ? 'not answered' : `refused with ${is}`} where lower case gets ${was}`,
      basis: specChooses.wireFormRefused,
    })
    return
  }
  if (!context.assert(is === was, { ...detail, message: `${what} answers ${is} where lower case gets ${was}` })) return
  const changed = is < 300 ? changedFields(sent, cased.response?.json) : []
  context.assert(changed.length === 0, {
    ...detail,
    message: `${what} comes back with ${changed.join(', ')} changed`,
    expected: stringifyJson(sent),
    received: cased.response?.bodyText.slice(0, 200),
  })
}

/**
 * Field names in any case (RFC 9110 section 5.1): the valid request of every described operation, written on the wire
 * with its field names in lower case, then upper-cased and in mixed case, gets the same answer each time.
 */
export const fieldNameScenarios: Array<Scenario> = operationList
  .filter((operation) => operation.described)
  .map(
    (operation): Scenario => ({
      check: 'field_name_case',
      title: `${operation.operationId} answers its request with field names in any case as in lower case`,
      operationId: operation.operationId,
      basis: standardSays.fieldNameCase,
      writes: !operation.safe,
      async run(context) {
        const request = await sendableRequest(operation, context)
        if (!request) return context.skip(notCreated)
        const send = (options: CallOptions) =>
          context.client.call(operation.operationId, { ...request, alsoAccepted: clientErrors, ...options })
        const plain = await send({ wire: { close: true } })
        for (const [form, fieldName] of forms) {
          const cased = await send({ wire: { close: true, fieldName } })
          const outcome = wireOutcomeOf(cased)
          if (outcome) judgeFraming(context, outcome)
          judgeSameAnswer(context, plain, cased, `${operation.operationId} with field names ${form}`, request.json)
        }
      },
    }),
  )

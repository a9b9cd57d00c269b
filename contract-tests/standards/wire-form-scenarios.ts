import { type OperationSpec, operationList } from '../../spec/operations.ts'
import { wireOutcomeOf } from '../client/raw-exchange-call.ts'
import { notCreated, sendableRequest } from '../scenarios/valid-request.ts'
import { standardSays } from '../shared/citations.ts'
import type { Basis } from '../shared/exchange.ts'
import { statusOf } from '../shared/exchange.ts'
import { messageSays } from '../shared/message-citations.ts'
import type { Scenario, ScenarioContext } from '../shared/scenario.ts'
import { unknownKey } from './request-freedom-forms.ts'
import { clientError, judgeKeyed, judgeKeyless, sendForm } from './wire-form-judge.ts'
import { alteredKeyForms, equivalentWireForms, octetWireForms, type WireForm } from './wire-request-forms.ts'

/** Each form that applies, with the key and without one, beside the plain request written the same way. */
async function judgeEquivalentForms(
  context: ScenarioContext,
  operation: OperationSpec,
  forms: ReadonlyArray<WireForm>,
  basis: Basis,
): Promise<void> {
  const request = await sendableRequest(operation, context)
  if (!request) return context.skip(notCreated)
  const plain = await sendForm(context, operation, request)
  const url = new URL(plain.request.url)
  for (const form of forms.filter((candidate) => candidate.applies?.(operation, url) ?? true)) {
    const answer = await sendForm(context, operation, request, form)
    await judgeKeyed(context, operation, request, form, plain, answer, basis)
    const outcome = wireOutcomeOf(answer)
    if (form.closes && outcome && outcome.answers.length > 0)
      context.assert(outcome.closed, {
        message: `${operation.operationId} with ${form.what}: the connection stayed open after the answer`,
        expected: 'the connection closed after the answer ("close" in any case)',
        received: `still open after ${outcome.durationMs} ms`,
        exchange: answer,
        basis: standardSays.connectionClose,
      })
    const keyless = await sendForm(context, operation, request, form, form.credential ? `Bearer ${unknownKey}` : null)
    judgeKeyless(context, `${operation.operationId} with ${form.what}`, answer, keyless)
  }
}

/** Each altered key: a refusal (a 4xx, or no answer), never a 2xx and never a 5xx. */
async function judgeAlteredKeys(context: ScenarioContext, operation: OperationSpec): Promise<void> {
  const request = await sendableRequest(operation, context)
  if (!request) return context.skip(notCreated)
  for (const form of alteredKeyForms.filter((candidate) => candidate.applies?.(operation) ?? true)) {
    const answer = await sendForm(context, operation, request, form)
    const status = answer.response?.status
    context.assert(status === undefined || clientError(status), {
      message: `${operation.operationId} with ${form.what} answers ${statusOf(answer)}`,
      expected: '401 (or another refusal): the value is not the key',
      received: statusOf(answer),
      exchange: answer,
    })
  }
}

const described = operationList.filter((operation) => operation.described)

/**
 * The valid request of every described operation written on the wire in forms RFC 9110 makes equivalent to the plain
 * one (`equivalentWireForms`: quoted literals in other cases, Host in upper case and with its default port, a list
 * split over lines, fields in another order, white space around values, comments in User-Agent, connection options,
 * Via, Date, Content-Length: 0, Max-Forwards), each with the key (the plain request's answer) and without one (401).
 */
export const wireRequestFormScenarios: Array<Scenario> = described.map(
  (operation): Scenario => ({
    check: 'wire_request_forms',
    title: `${operation.operationId} answers its request in forms HTTP makes equivalent as the plain one`,
    operationId: operation.operationId,
    basis: messageSays.equivalentWireForms,
    writes: !operation.safe,
    run: (context) => judgeEquivalentForms(context, operation, equivalentWireForms, messageSays.equivalentWireForms),
  }),
)

/**
 * Field values with octets RFC 9110 section 5.5 sets apart (obs-text, obs-fold, a bare CR) beside the key: the plain
 * answer, or 400 where the sentence lets the server reject the message; the key itself altered by NUL, a control
 * character or obs-text, or sent only as a trailer field: never let through, never a 5xx.
 */
export const fieldValueOctetScenarios: Array<Scenario> = described.map(
  (operation): Scenario => ({
    check: 'field_value_octets',
    title: `${operation.operationId} reads octets set apart in field values safely, and never as the key`,
    operationId: operation.operationId,
    basis: messageSays.fieldValues,
    writes: !operation.safe,
    async run(context) {
      await judgeEquivalentForms(context, operation, octetWireForms, messageSays.fieldValues)
      await judgeAlteredKeys(context, operation)
    },
  }),
)

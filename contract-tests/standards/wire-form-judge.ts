import { stringifyJson } from '../../spec/json/stringify-json.ts'
import type { OperationSpec } from '../../spec/operations.ts'
import { wireOutcomeOf } from '../client/raw-exchange-call.ts'
import { clientErrors } from '../scenarios/expect-refusal.ts'
import { interfaceSays, specChooses } from '../shared/citations.ts'
import type { CallOptions } from '../shared/contract-caller.ts'
import { type Basis, type Exchange, statusOf } from '../shared/exchange.ts'
import type { ScenarioContext } from '../shared/scenario.ts'
import { canonical, echoedFields } from './request-freedom-scenarios.ts'
import { judgeAnswerRules } from './wire-answer-rules.ts'
import { judgeFraming } from './wire-answers.ts'
import type { WireForm } from './wire-request-forms.ts'

export const clientError = (status: number | undefined) => status !== undefined && status >= 400 && status < 500

/**
 * Sends the operation's request written on the wire in a form (none: the plain one), on a connection of its own, and
 * judges how its answer is framed and what its fields say (`response_framing`, `answer_field_rules`).
 * @example const plain = await sendForm(context, operations.listPets, request)
 */
export async function sendForm(
  context: ScenarioContext,
  operation: OperationSpec,
  request: CallOptions,
  form?: WireForm,
  authorization?: CallOptions['authorization'],
  { http10 = false, halfClose = false, rewriteUrl, timeoutMs }: SendOptions = {},
): Promise<Exchange> {
  const exchange = await context.client.call(operation.operationId, {
    ...request,
    ...(authorization !== undefined && { authorization }),
    ...(rewriteUrl && { rewriteUrl }),
    alsoAccepted: clientErrors,
    wire: {
      close: true,
      halfClose,
      ...(timeoutMs !== undefined && { timeoutMs }),
      ...(form && { form: form.write }),
      ...(form?.closes && { closeWaitMs: 5_000 }),
    },
  })
  const outcome = wireOutcomeOf(exchange)
  if (outcome) {
    judgeFraming(context, outcome, { http10 })
    judgeAnswerRules(context, outcome)
  }
  return exchange
}

/** How `sendForm` writes a request beyond its form. */
interface SendOptions {
  /** The request is HTTP/1.0: its answer may not be chunked. */
  http10?: boolean
  /** Ends the write side after the request (a body cut short, or a length never met). */
  halfClose?: boolean
  /** Another URL than the operation's (another scheme or port, same path). */
  rewriteUrl?: (url: string) => string
  /** A shorter bound on the exchange than the run's per-request timeout (ms). */
  timeoutMs?: number
}

/** What the form's answer differs in from the plain one's (status aside), or undefined when it gives the same. */
async function otherContent(
  context: ScenarioContext,
  operation: OperationSpec,
  request: CallOptions,
  plain: Exchange,
  answer: Exchange,
): Promise<{ expected: string; received: string } | undefined> {
  if (operation.safe) {
    if (canonical(plain.response?.json) === canonical(answer.response?.json)) return undefined
    // A store others write to may have changed meanwhile: the plain request once more decides.
    const again = await sendForm(context, operation, request)
    if (canonical(again.response?.json) !== canonical(plain.response?.json)) return undefined
    return {
      expected: plain.response?.bodyText.slice(0, 200) ?? '',
      received: answer.response?.bodyText.slice(0, 200) ?? '',
    }
  }
  const sent = request.json as Record<string, unknown> | undefined
  const kept = echoedFields(sent, answer.response?.json)
  const lost = echoedFields(sent, plain.response?.json).filter((name) => !kept.includes(name))
  if (lost.length === 0) return undefined
  return {
    expected: stringifyJson(Object.fromEntries(lost.map((name) => [name, sent?.[name]]))),
    received: answer.response?.bodyText.slice(0, 200) ?? '',
  }
}

/**
 * The form with the key gets the plain request's answer: the same status and content (a create the same values).
 * An answer the form's sentence allows (`refusals`) passes; another 4xx but 401, or no answer, is a clean refusal of
 * a form the server's HTTP layer does not read (a deviation); a 5xx, a 401 (the key lost) or any other answer is a
 * violation of the sentence that makes the forms equivalent.
 */
export async function judgeKeyed(
  context: ScenarioContext,
  operation: OperationSpec,
  request: CallOptions,
  form: WireForm,
  plain: Exchange,
  answer: Exchange,
  basis: Basis,
): Promise<void> {
  const [was, is] = [plain.response?.status, answer.response?.status]
  const where = `${operation.operationId} with ${form.what}`
  if (was === undefined || (is !== undefined && form.refusals?.includes(is))) return
  const detail = { expected: `${statusOf(plain)}, as the plain request`, received: statusOf(answer), exchange: answer }
  if (is === undefined || (clientError(is) && is !== 401 && is !== was)) {
    context.observe({
      ...detail,
      message:
        `${where} is ${is === undefined ? 'not answered' : `refused with ${is}`} ` +
        `where the plain request gets ${was}`,
      basis: specChooses.wireFormRefused,
    })
    return
  }
  if (
    !context.assert(is === was, {
      ...detail,
      message: `${where} answers ${is} where the plain request gets ${was}`,
      basis,
    })
  )
    return
  if (is >= 300) return
  const differs = await otherContent(context, operation, request, plain, answer)
  context.assert(differs === undefined, {
    message: `${where} answers with other content than the plain request`,
    expected: differs?.expected,
    received: differs?.received,
    exchange: answer,
    basis,
  })
}

/** The form without a valid key gets 401, or the refusal the keyed form got: never what the key opens. */
export function judgeKeyless(context: ScenarioContext, where: string, keyed: Exchange, keyless: Exchange): void {
  const status = keyless.response?.status
  const refusedAlike = clientError(status) && status === keyed.response?.status
  context.assert(status === undefined || status === 401 || refusedAlike, {
    message: `${where} without a valid key answers ${statusOf(keyless)}`,
    expected: '401 with an Error',
    received: statusOf(keyless),
    exchange: keyless,
    basis: interfaceSays.everyOperation,
  })
}

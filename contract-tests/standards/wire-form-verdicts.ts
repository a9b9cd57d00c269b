import { stringifyJson } from '../../spec/json/stringify-json.ts'
import { operationList } from '../../spec/operations.ts'
import type { OperationId } from '../../spec/types.ts'
import { wireOutcomeOf } from '../client/raw-exchange-call.ts'
import { clientErrors } from '../scenarios/expect-refusal.ts'
import { validRequest } from '../scenarios/valid-request.ts'
import { interfaceSays, specChooses } from '../shared/citations.ts'
import type { CallOptions } from '../shared/contract-caller.ts'
import { type Basis, type Exchange, statusOf } from '../shared/exchange.ts'
import type { ScenarioContext } from '../shared/scenario.ts'
import { answerKey } from './wire-answers.ts'

/** What an answer to a request form is worth: nothing to say, a deviation, or a violation. */
export type FormVerdict = 'pass' | 'deviation' | 'violation'

/** How to judge the answer to one request form the suite wrote on the wire. */
interface FormRule {
  /** The form, in words: `listPets with "Authorization : Bearer …"`. */
  what: string
  /** What should come back, in words. */
  expected: string
  /** The verdict on the answer's status (undefined: no answer, the connection closed or stayed silent). */
  verdict(status: number | undefined, exchange: Exchange): FormVerdict
  /** The sentence a violation rests on. */
  basis: Basis
  /** The choice a deviation differs from; default the server's HTTP layer's (`framingDutyOfTheServer`). */
  choice?: Basis
}

/**
 * Judges the answer to a request form by its rule: a violation citing the rule's sentence (a 5xx but 501 always,
 * citing the interface's list of errors), a deviation citing the choice, or nothing.
 * @example judgeForm(context, exchange, { what, expected: '400', verdict: refusedWith400, basis })
 */
export function judgeForm(context: ScenarioContext, exchange: Exchange, rule: FormRule): void {
  const status = exchange.response?.status
  const received =
    status === undefined ? `no answer: ${exchange.transportError ?? 'none'}` : `${status} ${excerpt(exchange)}`
  // 501 is what RFC 9110 and 9112 ask for a method or a coding a server does not implement: its rule judges it.
  if (status !== undefined && status >= 500 && status !== 501) {
    context.assert(false, {
      message: `${rule.what} is answered ${status}`,
      expected: rule.expected,
      received,
      exchange,
      basis: interfaceSays.errorsListed,
    })
    return
  }
  const verdict = rule.verdict(status, exchange)
  if (verdict === 'pass') return
  const detail = {
    message: `${rule.what} is ${status === undefined ? 'not answered' : `answered ${status}`}`,
    expected: rule.expected,
    received,
    exchange,
  }
  if (verdict === 'violation') context.assert(false, { ...detail, basis: rule.basis })
  else context.observe({ ...detail, basis: rule.choice ?? specChooses.framingDutyOfTheServer })
}

const excerpt = (exchange: Exchange): string => exchange.response?.bodyText.slice(0, 120) ?? ''

/**
 * The head with its `authorization` line rewritten by `to` (given the line, without its CRLF): where a probe moves
 * the key into a form that is no Authorization field line.
 * @example withAuthorization((line) => `x-note: 1\r${line}`)(head)
 */
export const withAuthorization =
  (to: (line: string) => string) =>
  (head: string): string =>
    head.replace(/\r\n(authorization: [^\r\n]*)\r\n/, (_, line: string) => `\r\n${to(line)}\r\n`)

/** The connection stayed open and silent until the probe stopped waiting. */
export const silent = (exchange: Exchange): boolean => exchange.transportError === 'no answer in time'

/** A 2xx: the server acted on the form. */
export const acted = (status: number | undefined): boolean => status !== undefined && status >= 200 && status < 300

/** The first safe operation's valid request: what follows a probe on its connection, its own answer known. */
export function followUpOf(
  context: ScenarioContext,
): { operationId: OperationId; options: CallOptions & { alsoAccepted: ReadonlyArray<number> } } | undefined {
  const operation = operationList.find((candidate) => candidate.described && candidate.safe)
  const request = operation && validRequest(operation, context.data)
  return (
    operation && request && { operationId: operation.operationId, options: { ...request, alsoAccepted: clientErrors } }
  )
}

/** The follow-up's own answer, sent alone, as `answerKey` names it. */
export async function ownAnswerOf(
  context: ScenarioContext,
  followUp: NonNullable<ReturnType<typeof followUpOf>>,
): Promise<string> {
  const alone = await context.client.call(followUp.operationId, followUp.options)
  return answerKey(alone.response?.status, alone.response?.json)
}

/**
 * After a probe, the request written next on its connection gets its own answer, or none (the connection closed):
 * an answer not its own is a violation (the probe's bytes were read as a request). Returns whether it was answered
 * as itself, so that a caller that expected a close can say so.
 */
export function judgeFollowUp(context: ScenarioContext, probe: Exchange, own: string, what: string, basis: Basis) {
  const outcome = wireOutcomeOf(probe)
  const next = outcome?.exchanges[1]
  if (!outcome || !next || outcome.answers.length < 2) return false
  const key = answerKey(next.response?.status, next.response?.json)
  return context.assert(key === own, {
    message:
      `the request written after ${what} on the same connection got an answer not its own: ` +
      'what followed the probe was read as a request',
    expected: own,
    received: `${key} ${excerpt(next)}`,
    exchange: next,
    basis,
  })
}

/**
 * A 2xx to a create whose body field came back otherwise than sent: the body was misread.
 * @example judgeEcho(context, exchange, 'name', sent, 'createPet with chunk extensions', basis)
 */
export function judgeEcho(
  context: ScenarioContext,
  exchange: Exchange,
  field: string,
  sent: Record<string, unknown>,
  what: string,
  basis: Basis,
): void {
  if (!acted(exchange.response?.status)) return
  const echoed = (exchange.response?.json ?? {}) as Record<string, unknown>
  context.assert(stringifyJson(echoed[field]) === stringifyJson(sent[field]), {
    message: `${what} is read otherwise than sent: ${field} comes back changed`,
    expected: stringifyJson(sent[field]),
    received: `${statusOf(exchange)} ${excerpt(exchange)}`,
    exchange,
    basis,
  })
}

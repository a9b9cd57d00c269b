import { operationList } from '../../spec/operations.ts'
import { wireOutcomeOf } from '../client/raw-exchange-call.ts'
import { clientErrors } from '../scenarios/expect-refusal.ts'
import { notCreated, sendableRequest, validRequest } from '../scenarios/valid-request.ts'
import { interfaceSays, specChooses, standardSays } from '../shared/citations.ts'
import type { CallOptions } from '../shared/contract-caller.ts'
import { type Exchange, statusOf } from '../shared/exchange.ts'
import type { Scenario, ScenarioContext } from '../shared/scenario.ts'
import { judgeFraming } from './wire-answers.ts'

/**
 * An answer to another form of a request held to the plain form's: a clean 4xx refusal (or no answer) is a
 * deviation; the same status passes; a 5xx, or a status the plain form does not get (a 2xx where it gets 401), is a
 * violation.
 */
function judgeForm(context: ScenarioContext, plain: Exchange, form: Exchange, what: string): void {
  const [was, is] = [plain.response?.status, form.response?.status]
  const outcome = wireOutcomeOf(form)
  if (outcome) judgeFraming(context, outcome)
  if (was === undefined || is === was) return
  const detail = { expected: `${was}, as in origin-form`, received: statusOf(form), exchange: form }
  if (is === undefined || (is >= 400 && is < 500 && is !== 401)) {
    context.observe({
      ...detail,
      message: `${what} is ${is === undefined ? 'not answered' : `refused with ${is}`} where origin-form gets ${was}`,
      basis: specChooses.wireFormRefused,
    })
    return
  }
  context.assert(false, { ...detail, message: `${what} answers ${is} where origin-form gets ${was}` })
}

/**
 * The absolute-form request-target (RFC 9112 section 3.2.2: "A server MUST accept the absolute-form in requests"): the
 * valid request of every described operation, with the key and without, written with the target URI as its
 * request-target, gets the answer its origin-form gets. A router or an authentication filter that reads the target as
 * a path answers otherwise; a server whose HTTP layer refuses the form with a 4xx earns a deviation (uvicorn answers
 * 404), a 2xx where the origin-form gets 401 lets the form skip the key.
 */
export const absoluteFormScenarios: Array<Scenario> = operationList
  .filter((operation) => operation.described)
  .map(
    (operation): Scenario => ({
      check: 'absolute_form_target',
      title: `${operation.operationId} answers its absolute-form request-target as its origin-form, key or none`,
      operationId: operation.operationId,
      basis: standardSays.absoluteForm,
      writes: !operation.safe,
      async run(context) {
        const request = await sendableRequest(operation, context)
        if (!request) return context.skip(notCreated)
        for (const [keyed, options] of [
          ['with the key', {}],
          ['without a key', { authorization: null }],
        ] as Array<[string, CallOptions]>) {
          const send = (target: 'origin' | 'absolute') =>
            context.client.call(operation.operationId, {
              ...request,
              ...options,
              alsoAccepted: clientErrors,
              wire: { target, close: true },
            })
          const plain = await send('origin')
          const absolute = await send('absolute')
          judgeForm(context, plain, absolute, `${operation.operationId} ${keyed} in absolute-form`)
        }
      },
    }),
  )

/**
 * An HTTP/1.1 request without Host (RFC 9112 section 3.2: "A server MUST respond with a 400 (Bad Request) status
 * code to any HTTP/1.1 request message that lacks a Host header field"), on every described safe operation: 400
 * passes; another 4xx or an answer as to the request with Host is a deviation (werkzeug, Puma and php -S answer it,
 * and so does the mock: the duty falls on the HTTP server the service runs on); a 5xx is a violation (the interface
 * lists none), as is a request the server read as another's.
 */
export const hostRequiredScenarios: Array<Scenario> = operationList
  .filter((operation) => operation.described && operation.safe)
  .map(
    (operation): Scenario => ({
      check: 'host_required',
      title: `${operation.operationId} refuses an HTTP/1.1 request without Host with 400`,
      operationId: operation.operationId,
      basis: standardSays.hostRequired,
      writes: false,
      async run(context) {
        const request = validRequest(operation, context.data)
        if (!request) return context.skip('No request of this operation can be built.')
        const send = (host: boolean) =>
          context.client.call(operation.operationId, {
            ...request,
            alsoAccepted: clientErrors,
            wire: { host, close: true },
          })
        const plain = await send(true)
        const hostless = await send(false)
        const outcome = wireOutcomeOf(hostless)
        if (outcome) judgeFraming(context, outcome)
        const [was, status] = [plain.response?.status, hostless.response?.status]
        if (status === 400) return
        if (status === undefined || status < 500) {
          const same = status === undefined || status === was || (status >= 400 && status !== 401)
          if (!same)
            return void context.assert(false, {
              message: `${operation.operationId} without Host answers ${status} where with Host it gets ${was}`,
              expected: `400, or ${was} as with Host`,
              received: statusOf(hostless),
              exchange: hostless,
            })
          context.observe({
            message: `${operation.operationId} as HTTP/1.1 without Host is ${statusOf(hostless)}`,
            expected: '400',
            received: statusOf(hostless),
            exchange: hostless,
            basis: specChooses.framingDutyOfTheServer,
          })
          return
        }
        context.assert(false, {
          message: `${operation.operationId} as HTTP/1.1 without Host answers ${status}`,
          expected: '400',
          received: `${status} ${hostless.response?.bodyText.slice(0, 120) ?? ''}`,
          exchange: hostless,
          basis: interfaceSays.errorsListed,
        })
      },
    }),
  )

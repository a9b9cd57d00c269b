import { stringifyJson } from '../../spec/json/stringify-json.ts'
import { operationList } from '../../spec/operations.ts'
import { clientErrors } from '../scenarios/expect-refusal.ts'
import { notCreated, sendableRequest } from '../scenarios/valid-request.ts'
import { standardSays } from '../shared/citations.ts'
import type { WireCall } from '../shared/contract-caller.ts'
import { statusOf } from '../shared/exchange.ts'
import type { Scenario } from '../shared/scenario.ts'
import { acted, judgeForm } from './wire-form-verdicts.ts'

/** A name no deployment serves (RFC 6761 reserves `.invalid`). */
const otherHost = 'petstore.invalid'
const withOtherHost = (head: string): string => head.replace(/\r\nhost: [^\r\n]*/, `\r\nhost: ${otherHost}`)

/**
 * The absolute-form target's authority, not Host, names the resource (RFC 9112 section 3.2.2: "the origin server MUST
 * ignore the received Host header field (if any) and instead use the host information of the request-target"): the
 * valid request of every described operation in absolute-form, its Host naming this server, then naming another: it
 * must get the same answer (for a read, the same body). A 2xx from another store (a router that picks the site or
 * tenant by Host) or a 5xx is a violation; a refusal with a 4xx a deviation of the server's HTTP layer (waitress passes
 * Host to Django, which refuses a name it does not serve). And in origin-form with Host naming another server (section
 * 3.3: the target URI is built from Host): any answer but a 5xx. Where the absolute-form itself is not answered with a
 * 2xx, `absolute_form_target` says so and nothing more is judged here.
 */
export const absoluteAuthorityScenarios: Array<Scenario> = operationList
  .filter((operation) => operation.described)
  .map(
    (operation): Scenario => ({
      check: 'absolute_form_authority',
      title: `${operation.operationId} in absolute-form is answered for its authority, whatever Host says`,
      operationId: operation.operationId,
      basis: standardSays.absoluteAuthority,
      writes: !operation.safe,
      async run(context) {
        const request = await sendableRequest(operation, context)
        if (!request) return context.skip(notCreated)
        const send = (wire: WireCall) =>
          context.client.call(operation.operationId, { ...request, alsoAccepted: clientErrors, wire })
        const own = await send({ target: 'absolute' })
        const other = await send({ target: 'absolute', rewrite: withOtherHost })
        const what = `${operation.operationId} in absolute-form with Host: ${otherHost}`
        if (acted(own.response?.status))
          judgeForm(context, other, {
            what,
            expected: `${statusOf(own)}, as with its own Host`,
            verdict: (status) => (acted(status) ? 'pass' : status === undefined || status < 500 ? 'deviation' : 'pass'),
            basis: standardSays.absoluteAuthority,
          })
        if (operation.safe && acted(own.response?.status) && acted(other.response?.status))
          context.assert(stringifyJson(own.response?.json) === stringifyJson(other.response?.json), {
            message:
              `${what} is answered from another store than with its own Host: ` +
              "the Host was used, not the target's authority",
            expected: own.response?.bodyText.slice(0, 200),
            received: other.response?.bodyText.slice(0, 200),
            exchange: other,
          })
        const origin = await send({ rewrite: withOtherHost })
        judgeForm(context, origin, {
          what: `${operation.operationId} with Host: ${otherHost}`,
          expected: 'an answer (the target URI names another host) or a 4xx, never a 5xx',
          verdict: () => 'pass',
          basis: standardSays.absoluteAuthority,
        })
      },
    }),
  )

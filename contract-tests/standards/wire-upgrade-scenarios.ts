import { type OperationSpec, operationList } from '../../spec/operations.ts'
import { wireOutcomeOf } from '../client/raw-exchange-call.ts'
import { notCreated, sendableRequest } from '../scenarios/valid-request.ts'
import type { CallOptions, InterimHead, WrittenParts } from '../shared/contract-caller.ts'
import type { Exchange } from '../shared/exchange.ts'
import { messageSays } from '../shared/message-citations.ts'
import type { Scenario, ScenarioContext } from '../shared/scenario.ts'
import { judgeKeyed, sendForm } from './wire-form-judge.ts'
import type { WireForm } from './wire-request-forms.ts'

/** A protocol no server implements: a switch to it cannot honour any request (RFC 9110 section 7.8). */
const testProtocol = 'petstore-contract-probe/1'

/** The request inviting a switch to `protocols`, with the fields `more` adds. */
function inviting(what: string, protocols: string, more: Array<[string, string]> = [], version?: string): WireForm {
  return {
    what,
    write: (parts: WrittenParts) => ({
      ...parts,
      ...(version && { version }),
      fields: [
        ...parts.fields.filter(([name]) => name.toLowerCase() !== 'connection'),
        ['upgrade', protocols],
        ...more,
        ['connection', `Upgrade${more.some(([name]) => name === 'http2-settings') ? ', HTTP2-Settings' : ''}, close`],
      ],
    }),
  }
}

/** What a server may answer a request with content that invites a switch: node's parser drops the content (400). */
const anyRefusal = Array.from({ length: 100 }, (_, index) => 400 + index)

/**
 * The invitations sent with an operation's request: on a request without content a probe protocol, h2c in upper case
 * and websocket in HTTP/1.0; on one with content h2c beside Expect: 100-continue (a client sends that expectation
 * only with content), where a 4xx is no finding: node's HTTP parser drops the content of a request that invites a
 * switch, and the mock refuses it with 400.
 */
function invitationsFor(operation: OperationSpec): Array<{ form: WireForm; listed: Array<string>; expect?: true }> {
  if (operation.sample.json !== undefined)
    return [
      {
        form: {
          ...inviting('Upgrade: h2c with Expect: 100-continue', 'h2c', [['expect', '100-continue']]),
          refusals: anyRefusal,
        },
        listed: ['h2c'],
        expect: true,
      },
    ]
  return [
    { form: inviting(`Upgrade: ${testProtocol}`, testProtocol), listed: [] },
    { form: inviting('Upgrade: H2C', 'H2C', [['http2-settings', 'AAMAAABkAAQAoAAAAAIAAAAA']]), listed: ['h2c'] },
    { form: inviting('Upgrade: websocket in an HTTP/1.0 request', 'websocket', [], 'HTTP/1.0'), listed: [] },
  ]
}

/**
 * The 101 an exchange got, if any: the 1xx heads that no final answer followed (a switch ends HTTP/1.1 on the
 * connection), the 101 among them, and whether a 100 came before it.
 */
function switchOf(exchange: Exchange): { head: InterimHead; continued: boolean } | undefined {
  const heads = wireOutcomeOf(exchange)?.pendingInterim ?? []
  const at = heads.findIndex((head) => head.status === 101)
  const head = heads[at]
  return head && { head, continued: heads.slice(0, at).some((earlier) => earlier.status === 100) }
}

/**
 * A 101 keeps RFC 9110 section 7.8: it names, in Upgrade, a protocol the request listed (never one it did not, nor
 * the probe protocol no server implements: that switch could not honour the request), and where the request also
 * expected 100-continue a 100 came first. A 101 to a request without Upgrade, or in HTTP/1.0, switches to what nobody
 * asked for.
 */
function judgeSwitch(
  context: ScenarioContext,
  exchange: Exchange,
  where: string,
  listed: Array<string>,
  expect = false,
) {
  const { head, continued } = switchOf(exchange) as NonNullable<ReturnType<typeof switchOf>>
  const upgrade = head.fields.find(([name]) => name.toLowerCase() === 'upgrade')?.[1]
  const named = (upgrade ?? '').split(',').map((token) => token.trim().toLowerCase())
  const fault =
    listed.length === 0
      ? 'a switch nobody can ask for here (no protocol it could honour the request in was listed)'
      : !named.some((protocol) => listed.includes(protocol.split('/')[0] ?? ''))
        ? `a switch to ${upgrade ?? 'no protocol named'}, not one the request listed`
        : expect && !continued
          ? 'a 101 without the 100 (Continue) the request expected first'
          : undefined
  context.assert(fault === undefined, {
    message: `${where} is answered 101 Switching Protocols: ${fault ?? 'as asked'}`,
    expected: listed.length === 0 ? 'the answer without Upgrade (it is ignored)' : `a 101 naming ${listed.join(', ')}`,
    received: head.fields.map(([name, value]) => `${name}: ${value}`).join('; '),
    exchange,
    basis: messageSays.upgradeIgnored,
  })
}

/**
 * An invitation to switch protocols (RFC 9110 section 7.8), on every described operation (`invitationsFor`): Upgrade
 * naming a probe protocol, h2c in upper case (protocol names are case-insensitive), websocket in an HTTP/1.0 request
 * (ignored), h2c beside Expect: 100-continue on a request with content; and the plain request, which asks no switch.
 * Each gets the plain request's answer (the server may ignore Upgrade; a 4xx refusal is a deviation), or a 101 that
 * keeps section 7.8 (`judgeSwitch`). Any answer's Upgrade lists "upgrade" in Connection, a 426 names what to upgrade to
 * (`answer_field_rules`).
 */
async function judgeUpgrades(context: ScenarioContext, operation: OperationSpec): Promise<void> {
  const request: CallOptions | undefined = await sendableRequest(operation, context)
  if (!request) return context.skip(notCreated)
  const plain = await sendForm(context, operation, request)
  if (switchOf(plain)) judgeSwitch(context, plain, `${operation.operationId} without Upgrade`, [])
  for (const { form, listed, expect } of invitationsFor(operation)) {
    const http10 = form.what.includes('HTTP/1.0')
    // A server that switches speaks another protocol after its 101, whose bytes are not waited for long.
    const answer = await sendForm(context, operation, request, form, undefined, { http10, timeoutMs: 5_000 })
    const where = `${operation.operationId} with ${form.what}`
    if (switchOf(answer)) judgeSwitch(context, answer, where, http10 ? [] : listed, expect)
    else if (!switchOf(plain))
      await judgeKeyed(context, operation, request, form, plain, answer, messageSays.upgradeIgnored)
  }
}

/** For every described operation: an invitation to switch protocols ignored, or a switch as section 7.8 has it. */
export const upgradeScenarios: Array<Scenario> = operationList
  .filter((operation) => operation.described)
  .map(
    (operation): Scenario => ({
      check: 'upgrade_ignored',
      title: `${operation.operationId} ignores an invitation to switch protocols, or switches only as asked`,
      operationId: operation.operationId,
      basis: messageSays.upgradeIgnored,
      writes: !operation.safe,
      run: (context) => judgeUpgrades(context, operation),
    }),
  )

import { type OperationSpec, operationList } from '../../spec/operations.ts'
import type { WrittenParts } from '../shared/contract-caller.ts'
import { type Basis, statusOf } from '../shared/exchange.ts'
import { messageSays } from '../shared/message-citations.ts'
import type { Scenario, ScenarioContext } from '../shared/scenario.ts'
import { sendForm } from './wire-form-judge.ts'

const refusedOwnWay: Basis = {
  source: 'x-mock-behaviour',
  text:
    'The mock refuses CONNECT with 405 and an Error. The interface describes no CONNECT, and RFC 9110 section 9.1 ' +
    'asks 501 of an origin server that does not implement a method with a SHOULD only: an HTTP server that refuses ' +
    "an authority-form target its own way before any application reads it (Puma's 500) opens no tunnel.",
}

/** A CONNECT to `authority`, Host naming it, with the request's Authorization when it has one. */
const connectTo = (authority: string) => ({
  what: `CONNECT ${authority}`,
  write: (parts: WrittenParts): WrittenParts => ({
    ...parts,
    method: 'CONNECT',
    target: authority,
    fields: [
      ['host', authority],
      ...parts.fields.filter(([name]) => ['authorization', 'connection'].includes(name.toLowerCase())),
    ],
    content: new Uint8Array(0),
  }),
})

/**
 * CONNECT (RFC 9110 section 9.3.6) asks a server to become a tunnel, which a Pet Store is not: to a port
 * (example.com:443,
 * with the key and without) and to an empty one (example.com:, which "A server MUST reject"). Each is refused (a 4xx,
 * 501 or a closed connection); a 2xx or a 101 is a tunnel opened (a violation), another 5xx an HTTP server's own
 * refusal of a method the interface does not describe (a deviation: Puma answers 500 to any authority-form target).
 * Nothing leaves the run's connection: a server that tunnels is never given anything to forward.
 */
async function judgeConnect(context: ScenarioContext, operation: OperationSpec): Promise<void> {
  const requests: Array<[string, ReturnType<typeof connectTo>, null | undefined]> = [
    ['with the key', connectTo('example.com:443'), undefined],
    ['without a key', connectTo('example.com:443'), null],
    ['with the key, to an empty port', connectTo('example.com:'), undefined],
  ]
  for (const [keyed, form, authorization] of requests) {
    const exchange = await sendForm(context, operation, {}, form, authorization)
    const status = exchange.response?.status
    const detail = {
      message: `${form.what} ${keyed} answers ${statusOf(exchange)}`,
      expected: form.what.endsWith(':') ? '400 (or another refusal)' : 'a 4xx, 501 or a closed connection: no tunnel',
      received: statusOf(exchange),
      exchange,
    }
    if (status !== undefined && status >= 500 && status !== 501) context.observe({ ...detail, basis: refusedOwnWay })
    else context.assert(status === undefined || status >= 400, detail)
  }
}

/** CONNECT, refused: sent once, through the first described operation's base. */
export const connectScenarios: Array<Scenario> = operationList
  .filter((operation) => operation.described && operation.safe)
  .slice(0, 1)
  .map(
    (operation): Scenario => ({
      check: 'connect_refused',
      title: 'CONNECT, with or without the key and to an empty port, is refused: a Pet Store is no tunnel',
      operationId: operation.operationId,
      basis: messageSays.connectRefused,
      writes: true,
      run: (context) => judgeConnect(context, operation),
    }),
  )

import { type OperationSpec, operationList } from '../../spec/operations.ts'
import { wireOutcomeOf } from '../client/raw-exchange-call.ts'
import { notCreated, sendableRequest } from '../scenarios/valid-request.ts'
import type { CallOptions } from '../shared/contract-caller.ts'
import { type Basis, type Exchange, statusOf } from '../shared/exchange.ts'
import { messageSays } from '../shared/message-citations.ts'
import type { Scenario, ScenarioContext } from '../shared/scenario.ts'
import { judgeKeyed, sendForm } from './wire-form-judge.ts'

const highestVersion: Basis = {
  source: 'x-mock-behaviour',
  text:
    'The mock answers HTTP/1.1 requests in HTTP/1.1. RFC 9110 section 6.2: "A server SHOULD send a response version ' +
    'equal to the highest version to which the server is conformant that has a major version less than or equal to ' +
    'the one received in the request."',
}

/** The request in another HTTP-version. */
const inVersion = (version: string) => ({
  what: `the request as ${version}`,
  write: <T extends { version: string }>(parts: T): T => ({ ...parts, version }),
})

/** The HTTP-version of the status line an exchange written on the wire got. */
const versionOf = (exchange: Exchange) => wireOutcomeOf(exchange)?.answers[0]?.version

/** A status line in a version the server cannot be conformant to (HTTP/1.0 and HTTP/1.1 are what HTTP/1.x has). */
function judgeVersion(context: ScenarioContext, exchange: Exchange, where: string): void {
  const version = versionOf(exchange)
  if (version === undefined) return
  context.assert(version === 'HTTP/1.1' || version === 'HTTP/1.0', {
    message: `${where} is answered in ${version}, a version no HTTP/1.x server conforms to`,
    expected: 'HTTP/1.1 (or HTTP/1.0)',
    received: `${version} ${statusOf(exchange)}`,
    exchange,
  })
}

/**
 * The HTTP-version of requests and answers (RFC 9110 section 6.2), on every described operation: the plain HTTP/1.1
 * request answered in HTTP/1.1 (HTTP/1.0 is a deviation: a SHOULD); the request as HTTP/1.0 answered as the plain one
 * and framed for 1.0 (no chunked); the request as HTTP/1.2, a higher minor version, answered in HTTP/1.1 or 1.0,
 * whatever its status: a server that echoes the request's version sends one it does not conform to.
 */
async function judgeVersions(context: ScenarioContext, operation: OperationSpec): Promise<void> {
  const request: CallOptions | undefined = await sendableRequest(operation, context)
  if (!request) return context.skip(notCreated)
  const plain = await sendForm(context, operation, request)
  judgeVersion(context, plain, `${operation.operationId} as HTTP/1.1`)
  const version = versionOf(plain)
  if (version === 'HTTP/1.0')
    context.observe({
      message: `${operation.operationId} as HTTP/1.1 is answered in HTTP/1.0`,
      expected: 'HTTP/1.1',
      received: version,
      exchange: plain,
      basis: highestVersion,
    })
  const http10 = inVersion('HTTP/1.0')
  const older = await sendForm(context, operation, request, http10, undefined, { http10: true })
  judgeVersion(context, older, `${operation.operationId} as HTTP/1.0`)
  await judgeKeyed(context, operation, request, http10, plain, older, messageSays.version)
  const newer = await sendForm(context, operation, request, inVersion('HTTP/1.2'))
  judgeVersion(context, newer, `${operation.operationId} as HTTP/1.2`)
}

/** For every described operation: answers in a version the server conforms to, HTTP/1.0 answered as 1.1. */
export const protocolVersionScenarios: Array<Scenario> = operationList
  .filter((operation) => operation.described)
  .map(
    (operation): Scenario => ({
      check: 'protocol_version',
      title: `${operation.operationId} answers in HTTP/1.1, HTTP/1.0 requests as 1.1 ones, never in another version`,
      operationId: operation.operationId,
      basis: messageSays.version,
      writes: !operation.safe,
      run: (context) => judgeVersions(context, operation),
    }),
  )

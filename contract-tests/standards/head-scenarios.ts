import { operationList } from '../../spec/operations.ts'
import type { OperationId } from '../../spec/types.ts'
import { headRefused } from '../checks/response-check.ts'
import { clientErrors } from '../scenarios/expect-refusal.ts'
import { validRequest } from '../scenarios/valid-request.ts'
import { specChooses, standardSays } from '../shared/citations.ts'
import type { CallOptions } from '../shared/contract-caller.ts'
import { type Exchange, statusOf } from '../shared/exchange.ts'
import { messageSays } from '../shared/message-citations.ts'
import type { Scenario, ScenarioContext } from '../shared/scenario.ts'
import { unknownParams } from './unknown-params.ts'

/** The Content-Length of an answer, when it has one and no content coding (which would make lengths differ). */
const plainLength = (exchange: Exchange): string | undefined =>
  exchange.response?.headers['content-encoding'] ? undefined : exchange.response?.headers['content-length']

/**
 * The same HEAD over a connection of its own, its bytes read past the header section: whatever the status, a HEAD
 * answer carries no content (RFC 9110 section 9.3.2), and a client on a kept-alive connection would read any as the
 * start of the next answer. fetch drops them unseen; a WSGI app under a server that leaves dropping them to it
 * (Django 3.2 under waitress) sends the GET's JSON there. Not judged where the target has no wire (in-process).
 */
async function noContentOnWire(
  context: ScenarioContext,
  operationId: OperationId,
  request: CallOptions,
  what: string,
): Promise<void> {
  const wire = await context.client.headOnWire(operationId, request)
  if (!wire) return
  context.assert(wire.contentBytes === 0, {
    message:
      `HEAD ${what} answers ${wire.status} and then sends ${wire.contentBytes} bytes of content ` +
      `(${JSON.stringify(wire.firstBytes)}…), which a client reads as the start of its next answer`,
    expected: 'no content after the header section',
    received: `${wire.contentBytes} bytes`,
  })
}

/** The media type of an answer's Content-Type (its type/subtype, lower-cased), when it has one. */
const mediaType = (exchange: Exchange) =>
  exchange.response?.headers['content-type']?.split(';')[0]?.trim().toLowerCase() || undefined

/**
 * Sends one request as GET, then as HEAD, and holds HEAD to GET's answer: the same status, the same media type
 * when both give one (RFC 9110 section 8.2: a HEAD answer's representation fields describe what GET would send), and a
 * Content-Length, when both give one, of the same size (RFC 9110 section 8.6: a HEAD answer may only give
 * the length the GET content has). Lengths are compared only where the representation cannot change between
 * the two (`stable`): a list may grow while others write.
 */
async function sameAsGet(
  context: ScenarioContext,
  operationId: OperationId,
  request: CallOptions,
  what: string,
  stable: boolean,
): Promise<void> {
  const get = await context.client.call(operationId, { ...request, alsoAccepted: clientErrors })
  const head = await context.client.call(operationId, { ...request, method: 'HEAD', alsoAccepted: clientErrors })
  const getStatus = get.response?.status
  const headStatus = head.response?.status
  await noContentOnWire(context, operationId, request, what)
  if (headStatus !== undefined && headRefused('HEAD', headStatus)) {
    context.observe({
      message: `HEAD ${what} is refused with ${headStatus} where GET answers ${statusOf(get)}`,
      expected: `${statusOf(get)}, as GET`,
      received: statusOf(head),
      exchange: head,
      basis: specChooses.headServed,
    })
    return
  }
  if (
    !context.assert(headStatus === getStatus, {
      message: `HEAD ${what} answers ${statusOf(head)} where GET answers ${statusOf(get)}`,
      expected: `${statusOf(get)}, as GET`,
      received: statusOf(head),
      exchange: head,
    })
  )
    return
  const [getType, headType] = [mediaType(get), mediaType(head)]
  if (getType !== undefined && headType !== undefined)
    context.assert(getType === headType, {
      message: `HEAD ${what} gives Content-Type ${headType} where GET's content is ${getType}`,
      expected: getType,
      received: headType,
      exchange: head,
      basis: messageSays.headMetadata,
    })
  const [getLength, headLength] = [plainLength(get), plainLength(head)]
  if (!stable || getLength === undefined || headLength === undefined || getStatus !== 200) return
  context.assert(getLength === headLength, {
    message: `HEAD ${what} gives Content-Length ${headLength} where the GET content is ${getLength} bytes`,
    expected: getLength,
    received: headLength,
    exchange: head,
  })
}

/**
 * HEAD wherever GET is served (RFC 9110 sections 9.1 and 9.3.2): for every described GET operation, with the
 * key, without it, and for a resource the target does not hold, HEAD answers what GET answers, without content.
 * A HEAD answered without the key is a read without the key. A HEAD refused as a method the server does not
 * support (405, or 501) is a deviation: section 9.1's MUST binds general-purpose servers, and the interface lists
 * no HEAD; a HEAD answered in any other way is held to GET's answer (section 9.3.2 binds every server that has it).
 */
export const headScenarios: Array<Scenario> = operationList
  .filter((operation) => operation.described && operation.method === 'GET')
  .map(
    (operation): Scenario => ({
      check: 'head_like_get',
      title: `HEAD ${operation.path} answers as GET does, with and without the key`,
      operationId: operation.operationId,
      basis: standardSays.headLikeGet,
      writes: false,
      async run(context) {
        const request = validRequest(operation, context.data)
        if (!request) return context.skip('No request of this operation can be built.')
        const names = Object.keys(operation.sample.params).length > 0
        await sameAsGet(context, operation.operationId, request, `${operation.path} with the key`, names)
        await sameAsGet(context, operation.operationId, { ...request, authorization: null }, 'without a key', names)
        if (!names) return
        const params = unknownParams(operation, Object.keys(request.params ?? {}))
        await sameAsGet(context, operation.operationId, { ...request, params }, `of an unknown ${operation.path}`, true)
      },
    }),
  )

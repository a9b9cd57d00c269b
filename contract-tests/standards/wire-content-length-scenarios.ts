import { type OperationSpec, operationList } from '../../spec/operations.ts'
import { notCreated, sendableRequest } from '../scenarios/valid-request.ts'
import { standardSays } from '../shared/citations.ts'
import type { WrittenParts } from '../shared/contract-caller.ts'
import { type Basis, statusOf } from '../shared/exchange.ts'
import { messageSays } from '../shared/message-citations.ts'
import type { Scenario, ScenarioContext } from '../shared/scenario.ts'
import { judgeKeyed, sendForm } from './wire-form-judge.ts'

/** The request with its Content-Length value made by `value` from the content's length. */
const lengthAs = (what: string, value: (length: number) => string) => ({
  what,
  write: (parts: WrittenParts): WrittenParts => ({
    ...parts,
    fields: parts.fields.map(([name, field]): [string, string] =>
      name.toLowerCase() === 'content-length' ? [name, value(parts.content.byteLength)] : [name, field],
    ),
  }),
})

/** 2^64: an unsigned 64-bit count wraps past it, so 2^64 + n reads as n. */
const wrap = 2n ** 64n

const huge: ReadonlyArray<ReturnType<typeof lengthAs>> = [
  lengthAs('Content-Length: 2^64 + its length (an unsigned 64-bit count reads its length)', (n) =>
    String(wrap + BigInt(n)),
  ),
]

/**
 * Content-Length values a parser must read as numbers (RFC 9110 section 8.6), on every described operation with
 * content: a value beyond 2^64 (2^64 plus the content's length, which a 64-bit count that overflows reads as the
 * length, and a double rounds), followed by the content and the end of the write side: refused (400, 413) or not
 * answered, never a 2xx (the content read by a wrapped length) and never a 5xx. "N, N" may be read as N or refused;
 * "N, N+1" is unrecoverable (RFC 9112 section 6.3): never acted on.
 */
async function judgeLengths(context: ScenarioContext, operation: OperationSpec): Promise<void> {
  const request = await sendableRequest(operation, context)
  if (!request) return context.skip(notCreated)
  for (const form of huge) {
    const answer = await sendForm(context, operation, request, form, undefined, { halfClose: true })
    const status = answer.response?.status
    context.assert(status === undefined || (status >= 400 && status < 500), {
      message: `${operation.operationId} with ${form.what} answers ${statusOf(answer)}`,
      expected: '400 or 413 (or no answer): the length is beyond any content',
      received: statusOf(answer),
      exchange: answer,
    })
  }
  const plain = await sendForm(context, operation, request)
  const repeated = lengthAs('Content-Length: N, N (the same length twice)', (n) => `${n}, ${n}`)
  const same = await sendForm(context, operation, request, repeated)
  // Refused (400, or the connection closed: RFC 9110 section 8.6 lets a recipient "reject the message as invalid").
  if (same.response && same.response.status !== 400)
    await judgeKeyed(context, operation, request, repeated, plain, same, messageSays.largeContentLength)
  const differing = lengthAs('Content-Length: N, N+1', (n) => `${n}, ${n + 1}`)
  const other = await sendForm(context, operation, request, differing, undefined, { halfClose: true })
  const status = other.response?.status
  context.assert(status === undefined || (status >= 400 && status < 500), {
    message: `${operation.operationId} with ${differing.what} answers ${statusOf(other)}`,
    expected: '400: the framing is invalid',
    received: statusOf(other),
    exchange: other,
    basis: standardSays.requestFraming as Basis,
  })
}

/** For every described operation with content: Content-Length values read without overflow, a conflict refused. */
export const contentLengthValueScenarios: Array<Scenario> = operationList
  .filter((operation) => operation.described && operation.sample.json !== undefined)
  .map(
    (operation): Scenario => ({
      check: 'content_length_values',
      title:
        `${operation.operationId} reads a Content-Length beyond 2^64 without overflow, ` +
        'and refuses conflicting ones',
      operationId: operation.operationId,
      basis: messageSays.largeContentLength,
      writes: true,
      run: (context) => judgeLengths(context, operation),
    }),
  )

import { stringifyJson } from '../../spec/json/stringify-json.ts'
import type { Message } from '../../spec/types.ts'
import { interfaceSays, specChooses } from '../shared/citations.ts'
import type { Scenario } from '../shared/scenario.ts'
import { isIso8601Timestamp, isRfc3339Timestamp } from '../shared/timestamps.ts'
import { expectStatus } from './expect-status.ts'

export const messageScenarios: Array<Scenario> = [
  {
    check: 'message_queued',
    title: 'sendMessage answers 2xx with the message echoed, a string id and status, an ISO 8601 createdAt',
    operationId: 'sendMessage',
    basis: interfaceSays.message,
    writes: true,
    async run(context) {
      const text = `${context.data.runTag} hello`
      const exchange = await context.client.call('sendMessage', { json: { message: text } })
      if (!expectStatus(context, exchange, '2xx', 'a message is accepted')) return
      const message = (exchange.response?.json ?? {}) as Partial<Message>
      context.assert(typeof message.id === 'string' && message.id !== '', {
        message: 'id is a non-empty string',
        received: stringifyJson(message.id),
      })
      context.assert(message.message === text, {
        message: 'the message is echoed',
        expected: stringifyJson(text),
        received: stringifyJson(message.message),
      })
      context.assert(typeof message.status === 'string', {
        message: 'status is a string',
        received: stringifyJson(message.status),
      })
      const createdAt = String(message.createdAt)
      context.assert(isIso8601Timestamp(createdAt), {
        message: 'createdAt is an ISO 8601 timestamp',
        received: stringifyJson(message.createdAt),
      })
      if (isIso8601Timestamp(createdAt) && !isRfc3339Timestamp(createdAt))
        context.observe({
          message: `createdAt ${stringifyJson(createdAt)} is ISO 8601 but not RFC 3339 (the spec's date-time).`,
          expected: 'an RFC 3339 date-time, e.g. 2026-11-27T13:05:00Z',
          received: createdAt,
          basis: specChooses.rfc3339Timestamps,
        })
      if (message.status !== 'queued')
        context.observe({
          message: `A new message has status ${stringifyJson(message.status)}, not "queued".`,
          expected: '"queued"',
          received: stringifyJson(message.status),
          basis: specChooses.messageQueued,
        })
      if (exchange.response?.status !== 202)
        context.observe({
          message: `sendMessage answered ${exchange.response?.status}; the spec answers 202.`,
          expected: '202',
          received: String(exchange.response?.status),
          exchange,
          basis: specChooses.messageAccepted,
        })
    },
  },
  ...[
    ['a missing message', '{}'],
    ['invalid JSON', '{"message":'],
    // JSON that is no object has no message either.
    ['JSON null', 'null'],
    ['a JSON array', '[{"message":"hello"}]'],
    // "required string `message`": a number is no message.
    ['a message that is no string', '{"message":5}'],
  ].map(
    ([title, body]): Scenario => ({
      check: 'invalid_message_rejected',
      title: `sendMessage answers 400 with an Error to ${title}`,
      operationId: 'sendMessage',
      basis: interfaceSays.invalidMessage,
      writes: true,
      async run(context) {
        expectStatus(
          context,
          await context.client.call('sendMessage', { body, contentType: 'application/json' }),
          400,
          `${title} is refused`,
        )
      },
    }),
  ),
]

import { clientErrors } from '../scenarios/expect-refusal.ts'
import { notCreated, sendableRequest } from '../scenarios/valid-request.ts'
import { standardSays } from '../shared/citations.ts'
import type { CallOptions, WireCall } from '../shared/contract-caller.ts'
import type { Scenario, ScenarioContext } from '../shared/scenario.ts'
import { type BodyOperation, bodyOperations } from './body-operations.ts'
import { acted, followUpOf, judgeEcho, judgeFollowUp, judgeForm, ownAnswerOf } from './wire-form-verdicts.ts'

type Framing = NonNullable<WireCall['framing']>

/** The body in two chunks (each size line as `size` writes it) and the last chunk, then `trailer` lines. */
const chunked =
  ({
    coding = 'chunked',
    size = (bytes: number) => bytes.toString(16),
    trailer = [] as ReadonlyArray<string>,
  } = {}): Framing =>
  (body) => {
    const half = Math.ceil(body.byteLength / 2)
    const chunk = (part: Uint8Array) => [Buffer.from(`${size(part.byteLength)}\r\n`), part, Buffer.from('\r\n')]
    return {
      fields: [['transfer-encoding', coding]],
      bytes: Buffer.concat([
        ...chunk(body.subarray(0, half)),
        ...chunk(body.subarray(half)),
        Buffer.from(`0\r\n${trailer.map((line) => `${line}\r\n`).join('')}\r\n`),
      ]),
    }
  }

/** The chunked forms RFC 9112 sections 7 and 7.1 make the same body as plain chunked. */
const forms: ReadonlyArray<[string, Framing]> = [
  ['Transfer-Encoding: CHUNKED', chunked({ coding: 'CHUNKED' })],
  [
    'a chunk extension on every chunk (;ext=1;n="q")',
    chunked({ size: (bytes) => `${bytes.toString(16)};ext=1;n="q"` }),
  ],
  ['a trailer section (X-Checksum: 1)', chunked({ trailer: ['x-checksum: 1'] })],
  ['chunk sizes written with leading zeros', chunked({ size: (bytes) => bytes.toString(16).padStart(12, '0') })],
]

async function judgeChunkedForms(context: ScenarioContext, { operation, stringFields }: BodyOperation) {
  const request = await sendableRequest(operation, context)
  const followUp = followUpOf(context)
  if (!request || !followUp) return context.skip(notCreated)
  const own = await ownAnswerOf(context, followUp)
  const field = stringFields[0] ?? 'name'
  const body = (what: string) => ({
    ...(request.json as Record<string, unknown>),
    [field]: `${context.data.runTag}-${what}`,
  })
  const send = (json: Record<string, unknown>, framing: Framing, options: CallOptions = {}) =>
    context.client.call(operation.operationId, {
      ...request,
      json,
      alsoAccepted: clientErrors,
      ...options,
      wire: { framing, pipelined: [followUp], inTurn: true },
    })
  const plain = await send(body('chunked'), chunked())
  const takesChunked = acted(plain.response?.status)
  for (const [index, [what, framing]] of forms.entries()) {
    const sent = body(`chunked-form-${index}`)
    const exchange = await send(sent, framing)
    const described = `${operation.operationId} chunked with ${what}`
    judgeForm(context, exchange, {
      what: described,
      expected: `${plain.response?.status ?? 'no answer'}, as plain chunked`,
      verdict: (status) => (!takesChunked || acted(status) ? 'pass' : 'deviation'),
      basis: standardSays.chunkedForms,
    })
    judgeEcho(context, exchange, field, sent, described, standardSays.chunkedForms)
    judgeFollowUp(context, exchange, own, described, standardSays.chunkedForms)
  }
  // An Authorization only in the trailer section: never the key (section 7.1.2).
  let key = ''
  const trailerKey: Framing = (bytes) => chunked({ trailer: [`authorization: Bearer ${key}`] })(bytes)
  const keyInTrailer = await send(body('trailer-key'), trailerKey, {
    authorization: (apiKey) => {
      key = apiKey
      return null
    },
  })
  judgeForm(context, keyInTrailer, {
    what: `${operation.operationId} chunked with the key only in its trailer section`,
    expected: '401: a trailer field is not merged into the header section',
    verdict: (status) => (acted(status) ? 'violation' : 'pass'),
    basis: standardSays.trailerNotMerged,
  })
}

/**
 * Chunked bodies in every form RFC 9112 makes the same as plain chunked (sections 7, 7.1 and 7.1.1), on every
 * operation that takes a body, each followed on its connection by the first safe operation's request: the coding's
 * name in upper case, chunk extensions, a trailer section, sizes with leading zeros. Where plain chunked is taken,
 * each must be too, the body read as sent; a 5xx, a body read otherwise, or the request that follows answered with
 * something not its own (the form's bytes read as a request) is a violation; a refusal a deviation of the server's
 * HTTP layer. And the key sent only as a trailer field is no key: a 2xx is a violation (section 7.1.2).
 */
export const chunkedFormScenarios: Array<Scenario> = bodyOperations.map(
  (body): Scenario => ({
    check: 'chunked_forms',
    title: `${body.operation.operationId} reads CHUNKED, chunk extensions, a trailer and zero-padded sizes as chunked`,
    operationId: body.operation.operationId,
    basis: standardSays.chunkedForms,
    writes: true,
    run: (context) => judgeChunkedForms(context, body),
  }),
)

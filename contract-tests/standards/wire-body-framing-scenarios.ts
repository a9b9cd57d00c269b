import { gzipSync } from 'node:zlib'
import { clientErrors } from '../scenarios/expect-refusal.ts'
import { notCreated, sendableRequest } from '../scenarios/valid-request.ts'
import { specChooses, standardSays } from '../shared/citations.ts'
import type { WireCall } from '../shared/contract-caller.ts'
import type { Basis } from '../shared/exchange.ts'
import type { Scenario, ScenarioContext } from '../shared/scenario.ts'
import { type BodyOperation, bodyOperations } from './body-operations.ts'
import {
  acted,
  type FormVerdict,
  followUpOf,
  judgeEcho,
  judgeFollowUp,
  judgeForm,
  ownAnswerOf,
} from './wire-form-verdicts.ts'

type Framing = NonNullable<WireCall['framing']>

/** The body as one chunk of the size `size` says, under the codings given. */
const coded =
  (
    coding: string,
    { size = (bytes: number) => bytes.toString(16), encode = (body: Uint8Array) => body } = {},
  ): Framing =>
  (plain) => {
    const body = encode(plain)
    return {
      fields: [['transfer-encoding', coding]],
      bytes: Buffer.concat([Buffer.from(`${size(body.byteLength)}\r\n`), body, Buffer.from('\r\n0\r\n\r\n')]),
    }
  }

/** The body as it is, under Transfer-Encoding `coding` and its Content-Length. */
const unchunked =
  (coding: string): Framing =>
  (body) => ({
    fields: [
      ['transfer-encoding', coding],
      ['content-length', String(body.byteLength)],
    ],
    bytes: body,
  })

interface BodyForm {
  what: string
  wire: (framing: Framing) => WireCall
  framing: Framing
  expected: string
  verdict: (status: number | undefined) => FormVerdict
  basis: Basis
  choice?: Basis
  /** A 2xx must echo the body as sent: the coding was decoded. */
  echoed?: boolean
  /** The connection must close after it: the request written next is answered as itself only as a deviation. */
  closes?: boolean
  /** Written alone on its connection: what follows it would be read as a request of its own, rightly. */
  alone?: boolean
}

const refused400 = (status: number | undefined): FormVerdict =>
  acted(status) ? 'violation' : status === 400 ? 'pass' : 'deviation'
const pipelined = (framing: Framing): WireCall => ({ framing })

const forms: ReadonlyArray<BodyForm> = [
  {
    what: 'Transfer-Encoding: gzip (chunked not last) and a Content-Length',
    wire: pipelined,
    framing: unchunked('gzip'),
    expected: '400, then the connection closed',
    verdict: refused400,
    basis: standardSays.codingNotChunkedLast,
    closes: true,
  },
  {
    what: 'Transfer-Encoding: chunked, identity (chunked not last)',
    wire: pipelined,
    framing: coded('chunked, identity'),
    expected: '400, then the connection closed',
    verdict: refused400,
    basis: standardSays.codingNotChunkedLast,
    closes: true,
  },
  {
    what: 'HTTP/1.0, Transfer-Encoding: chunked, a Content-Length of 5 and Connection: keep-alive',
    wire: (framing) => ({
      framing: (body) => {
        const framed = framing(body)
        return { ...framed, fields: [...framed.fields, ['content-length', '5'], ['connection', 'keep-alive']] }
      },
      version: 'HTTP/1.0',
    }),
    framing: coded('chunked'),
    expected: 'an answer, or a refusal, then the connection closed',
    verdict: () => 'pass',
    basis: standardSays.http10Coding,
    closes: true,
  },
  {
    what: 'a chunk size of 2^32 + its length (hexadecimal), then the end of the request',
    wire: (framing) => ({ framing, halfClose: true }),
    framing: coded('chunked', { size: (bytes) => (2 ** 32 + bytes).toString(16) }),
    alone: true,
    expected: 'no 2xx: the chunk is cut short',
    verdict: (status) => (acted(status) ? 'violation' : 'pass'),
    basis: standardSays.chunkSizeOverflow,
  },
  {
    what: 'a parameter on chunked (Transfer-Encoding: chunked;x=1)',
    wire: pipelined,
    framing: coded('chunked;x=1'),
    expected: '400 or 501: parameters on chunked are an error',
    verdict: (status) => (acted(status) ? 'deviation' : 'pass'),
    basis: standardSays.codingNotChunkedLast,
    choice: specChooses.codingsRefused,
  },
  {
    what: 'Transfer-Encoding: gzip;level=1, chunked',
    wire: pipelined,
    framing: coded('gzip;level=1, chunked', { encode: (body) => gzipSync(body) }),
    expected: '400 or 501: parameters on a compression coding are an error',
    verdict: (status) => (acted(status) ? 'deviation' : 'pass'),
    basis: standardSays.codingNotChunkedLast,
    choice: specChooses.codingsRefused,
  },
  {
    what: 'Transfer-Encoding: x-unknown, chunked',
    wire: pipelined,
    framing: coded('x-unknown, chunked'),
    expected: '501: a transfer coding the server does not understand',
    verdict: (status) => (status === 501 ? 'pass' : 'deviation'),
    basis: standardSays.codingNotChunkedLast,
    choice: specChooses.codingsRefused,
  },
  {
    what: 'Transfer-Encoding: gzip, chunked and the body gzipped',
    wire: pipelined,
    framing: coded('gzip, chunked', { encode: (body) => gzipSync(body) }),
    expected: '501, or the body decoded',
    verdict: (status) => (status === 501 || acted(status) ? 'pass' : 'deviation'),
    basis: standardSays.codingNotChunkedLast,
    choice: specChooses.codingsRefused,
    echoed: true,
  },
  {
    what: 'its JSON followed by CRLF, counted in its Content-Length',
    wire: pipelined,
    framing: (body) => {
      const bytes = Buffer.concat([body, Buffer.from('\r\n')])
      return { fields: [['content-length', String(bytes.byteLength)]], bytes }
    },
    expected: 'the answer to the JSON alone: white space after a JSON text is insignificant',
    verdict: (status) => (acted(status) ? 'pass' : 'deviation'),
    basis: standardSays.jsonTexts,
    choice: specChooses.equivalentForms,
    echoed: true,
  },
  {
    what: 'neither Content-Length nor Transfer-Encoding, its JSON written after the head',
    wire: pipelined,
    framing: (body) => ({ fields: [], bytes: body }),
    alone: true,
    expected: 'a refusal: a request without either has no body',
    verdict: (status) => (acted(status) ? 'deviation' : 'pass'),
    basis: standardSays.requestFraming,
    choice: specChooses.framingDutyOfTheServer,
  },
]

async function judgeBodyFraming(context: ScenarioContext, { operation, stringFields }: BodyOperation) {
  const request = await sendableRequest(operation, context)
  const followUp = followUpOf(context)
  if (!request || !followUp) return context.skip(notCreated)
  const own = await ownAnswerOf(context, followUp)
  const field = stringFields[0] ?? 'name'
  for (const [index, form] of forms.entries()) {
    const sent = { ...(request.json as Record<string, unknown>), [field]: `${context.data.runTag}-framing-${index}` }
    const wire = form.wire(form.framing)
    const exchange = await context.client.call(operation.operationId, {
      ...request,
      json: sent,
      alsoAccepted: clientErrors,
      wire: form.alone ? wire : { ...wire, pipelined: [followUp], inTurn: true },
    })
    const what = `${operation.operationId} with ${form.what}`
    judgeForm(context, exchange, { ...form, what })
    if (form.echoed) judgeEcho(context, exchange, field, sent, what, form.basis)
    if (judgeFollowUp(context, exchange, own, what, form.basis) && form.closes)
      context.observe({
        message: `${what} is answered and the connection kept: the request written next was answered too`,
        expected: 'the connection closed after the answer',
        received: 'the next request answered',
        exchange,
        basis: specChooses.framingDutyOfTheServer,
      })
  }
}

/**
 * Body framings a server must refuse or read as RFC 9112 sections 6.1, 6.3, 7.1 and 7.2 say, on every operation that
 * takes a body, each followed on its connection by the first safe operation's request (but the one cut short):
 * Transfer-Encoding whose last coding is not chunked gets 400 and a close, never a 2xx; an HTTP/1.0 request with
 * Transfer-Encoding closes the connection after its answer; a chunk size of 2^32 plus the chunk's length, then the
 * end, is a chunk cut short, never a body read in 32 bits; the request that follows is never answered with the
 * probe's bytes read as a request. What the RFC asks with a SHOULD, a deviation otherwise: parameters on chunked or on
 * gzip refused, a coding the server does not know answered 501, a request with neither Content-Length nor
 * Transfer-Encoding read as having no body, a JSON body followed by CRLF (counted in its length) read as the JSON
 * (section 2.2). A 5xx is a violation everywhere.
 */
export const bodyFramingScenarios: Array<Scenario> = bodyOperations.map(
  (body): Scenario => ({
    check: 'body_framing_forms',
    title: `${body.operation.operationId} refuses codings it cannot frame and reads no chunk size in 32 bits`,
    operationId: body.operation.operationId,
    basis: standardSays.codingNotChunkedLast,
    writes: true,
    run: (context) => judgeBodyFraming(context, body),
  }),
)

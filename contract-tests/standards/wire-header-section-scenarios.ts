import { type OperationSpec, operationList } from '../../spec/operations.ts'
import { wireOutcomeOf } from '../client/raw-exchange-call.ts'
import { clientErrors } from '../scenarios/expect-refusal.ts'
import { notCreated, sendableRequest } from '../scenarios/valid-request.ts'
import { specChooses } from '../shared/citations.ts'
import type { WrittenParts } from '../shared/contract-caller.ts'
import { statusOf } from '../shared/exchange.ts'
import { messageSays } from '../shared/message-citations.ts'
import type { Scenario, ScenarioContext } from '../shared/scenario.ts'
import { judgeKeyed, sendForm } from './wire-form-judge.ts'

/** How long the header section waits before its Authorization line: longer than a loopback answer takes. */
const pauseMs = 400

/** The header section written in two parts, the second (from Authorization on) after a pause. */
const inTwoParts = {
  what: `its header section in two writes, ${pauseMs} ms apart, the second from Authorization on`,
  write: (parts: WrittenParts): WrittenParts => {
    const at = parts.fields.findIndex(([name]) => name.toLowerCase() === 'authorization')
    return at < 0 ? parts : { ...parts, pause: { beforeField: at, ms: pauseMs } }
  },
}

/**
 * A header section that arrives in two writes (RFC 9110 section 5.3: "A server MUST NOT apply a request to the target
 * resource until it receives the entire request header section"), on every described operation: nothing comes back
 * before the Authorization line has been written, then the plain request's answer. A server that takes one read of
 * the socket as the whole request answers 401 (or serves the request) before the key arrives.
 */
async function judgeWholeSection(context: ScenarioContext, operation: OperationSpec): Promise<void> {
  const request = await sendableRequest(operation, context)
  if (!request) return context.skip(notCreated)
  const plain = await sendForm(context, operation, request)
  const split = await sendForm(context, operation, request, inTwoParts)
  const outcome = wireOutcomeOf(split)
  const early = outcome?.answeredInPause === true
  context.assert(!early, {
    message:
      `${operation.operationId} with ${inTwoParts.what} is answered ${outcome?.firstByteMs} ms in, ` +
      'before the rest was written',
    expected: `no answer before ${pauseMs} ms, then ${statusOf(plain)}`,
    received: statusOf(split),
    exchange: split,
  })
  if (!early) await judgeKeyed(context, operation, request, inTwoParts, plain, split, messageSays.wholeHeaderSection)
}

/** Any 4xx but 401 (which would say the key was lost): what RFC 9110 section 5.4 lets a server refuse with. */
const sizeRefusals = clientErrors.filter((status) => status !== 401)

/** A field value of `size` octets, in an X-Padding field. */
const padded = (size: number) => ({
  what: `an X-Padding field of ${size % 1024 === 0 ? `${size / 1024} KiB` : `${size / 1000} KB`}`,
  write: (parts: WrittenParts): WrittenParts => ({
    ...parts,
    fields: [...parts.fields, ['x-padding', 'a'.repeat(size)]],
  }),
  refusals: sizeRefusals,
})

const sizes = [
  padded(8_000),
  // 16 KiB of value alone: past node's whole limit on a header section (16 KiB), whatever the other fields weigh.
  padded(16_384),
  {
    what: '100 more fields',
    write: (parts: WrittenParts): WrittenParts => ({
      ...parts,
      fields: [...parts.fields, ...Array.from({ length: 100 }, (_, at): [string, string] => [`x-field-${at}`, 'v'])],
    }),
    refusals: sizeRefusals,
  },
  {
    what: 'a request-target of 8000 octets (an unknown query parameter padding it)',
    write: (parts: WrittenParts): WrittenParts => {
      const joiner = parts.target.includes('?') ? '&' : '?'
      const padding = 'a'.repeat(Math.max(0, 8000 - parts.target.length - joiner.length - 'padding='.length))
      return { ...parts, target: `${parts.target}${joiner}padding=${padding}` }
    },
    refusals: sizeRefusals,
  },
]

/**
 * Fields and targets larger than a server may wish to process (RFC 9110 section 5.4: "MUST respond with an appropriate
 * 4xx (Client Error) status code"; section 4.1: URIs of 8000 octets RECOMMENDED), on every described operation: an
 * 8 KB and a 16 KiB field (past node's whole limit), 100 more fields, an 8000-octet target. Each gets the plain
 * request's answer or a 4xx (431, 414, 413, 400); a 5xx, or the connection closed without an answer, is a violation;
 * no answer before the run's timeout is a deviation (a slow server and a silent one look alike).
 */
async function judgeSizes(context: ScenarioContext, operation: OperationSpec): Promise<void> {
  const request = await sendableRequest(operation, context)
  if (!request) return context.skip(notCreated)
  const plain = await sendForm(context, operation, request)
  for (const form of sizes) {
    const first = await sendForm(context, operation, request, form)
    // A connection lost once may be the network's: the same request again tells a server that refuses it so.
    const answer = first.response ? first : await sendForm(context, operation, request, form)
    const outcome = wireOutcomeOf(answer)
    if (answer.response) await judgeKeyed(context, operation, request, form, plain, answer, messageSays.fieldsTooLarge)
    else if (outcome?.timedOut)
      // A server that has not answered yet may be slow rather than silent: the run cannot tell.
      context.observe({
        message: `${operation.operationId} with ${form.what} gets no answer in time`,
        expected: `${statusOf(plain)}, or a 4xx (431, 414, 413, 400)`,
        received: statusOf(answer),
        exchange: answer,
        basis: specChooses.wireFormRefused,
      })
    else
      context.assert(false, {
        message: `${operation.operationId} with ${form.what} gets no answer (${statusOf(answer)})`,
        expected: `${statusOf(plain)}, or a 4xx (431, 414, 413, 400)`,
        received: statusOf(answer),
        exchange: answer,
      })
  }
}

const described = operationList.filter((operation) => operation.described)

/** For every described operation: nothing acted on before the whole header section has come. */
export const wholeHeaderSectionScenarios: Array<Scenario> = described.map(
  (operation): Scenario => ({
    check: 'header_section_whole',
    title: `${operation.operationId} acts on nothing before its whole header section has come`,
    operationId: operation.operationId,
    basis: messageSays.wholeHeaderSection,
    writes: !operation.safe,
    run: (context) => judgeWholeSection(context, operation),
  }),
)

/** For every described operation: large fields and targets answered, or refused with a 4xx. */
export const fieldSizeScenarios: Array<Scenario> = described.map(
  (operation): Scenario => ({
    check: 'field_size_limits',
    title: `${operation.operationId} answers large fields and targets, or refuses them with a 4xx`,
    operationId: operation.operationId,
    basis: messageSays.fieldsTooLarge,
    writes: !operation.safe,
    run: (context) => judgeSizes(context, operation),
  }),
)

import { stringifyJson } from '../../spec/json/stringify-json.ts'
import type { OperationSpec } from '../../spec/operations.ts'
import { SampleLosses } from '../client/sample-losses.ts'
import { clientErrors } from '../scenarios/expect-refusal.ts'
import { sendableRequest } from '../scenarios/valid-request.ts'
import { echoBasis, interfaceSays, refusalBasis, specChooses } from '../shared/citations.ts'
import type { CallOptions } from '../shared/contract-caller.ts'
import { type Basis, type Exchange, statusOf } from '../shared/exchange.ts'
import type { Scenario, ScenarioContext } from '../shared/scenario.ts'
import { resolve } from '../values/spec-parameters.ts'
import { fitted } from '../values/string-values.ts'
import { type BodyOperation, bodyOperations } from './body-operations.ts'
import { readEverywhere } from './read-everywhere.ts'

type Body = Record<string, unknown>

/** A request without its JSON body, to send a body text of its own in its place. */
const withoutJson = ({ json: _json, ...rest }: CallOptions): CallOptions => rest

/** A valid body text with one more member, its value written as given (not always JSON). */
const withMember = (text: string, raw: string) => text.replace(/}\s*$/, `,"extra":${raw}}`)

/**
 * Texts that are not JSON (RFC 8259), each one step from a valid body: what follows the value, numbers the
 * grammar has no room for (NaN and Infinity, section 6; leading zeros, hexadecimal), a trailing comma, a
 * comment, single quotes, a bare name, a raw control character in a string (section 7), a text cut short.
 */
function notJson(text: string): Array<[what: string, body: string]> {
  return [
    ['trailing data after the value', `${text} x`],
    ['a second JSON value after the first', `${text}${text}`],
    ['NaN as a value', withMember(text, 'NaN')],
    ['Infinity as a value', withMember(text, '-Infinity')],
    ['a number with a leading zero', withMember(text, '01')],
    ['a hexadecimal number', withMember(text, '0x1F')],
    ['a trailing comma', text.replace(/}\s*$/, ',}')],
    ['a comment', `/* a note */ ${text}`],
    ['single quotes', text.replaceAll('"', "'")],
    ['a member name without quotes', text.replace(/^\{"([^"]+)":/, '{$1:')],
    ['a raw control character in a string', text.replace(/":"/, '":"\u0001')],
    ['a text cut short', text.slice(0, -1)],
  ]
}

/** Every character of every string as a `\uXXXX` escape, one per UTF-16 unit (a surrogate pair beyond the BMP). */
function escapedAll(text: string): string {
  const escaped = (unit: number) => `\\u${unit.toString(16).padStart(4, '0')}`
  return text.replace(/"((?:[^"\\]|\\.)*)"/g, (_, inner: string) => {
    const value = JSON.parse(`"${inner}"`) as string
    return `"${Array.from({ length: value.length }, (_, index) => escaped(value.charCodeAt(index))).join('')}"`
  })
}

/** The sentence a refusal rests on: "400 when the JSON is invalid" for messages, the 400 of a resource's create. */
const refusalOf = (operation: OperationSpec): Basis => refusalBasis(operation.operationId)

/**
 * Where a text that is not JSON may be taken or refused otherwise than with 400: an operation whose interface
 * promises 400 only for missing or invalid values (createPet), not for invalid JSON as the messages API does. RFC
 * 8259 section 9: "A JSON parser MAY accept non-JSON forms or extensions." A 2xx (a lenient parser: json-bigint
 * takes a leading zero and a raw control character) or another 4xx is a deviation there; a 5xx stays a violation
 * (judged by `no_server_error`), as does anything but 400 where the interface says "400 when the JSON is invalid".
 */
function lenientAllowed(operation: OperationSpec, exchange: Exchange): boolean {
  const status = exchange.response?.status ?? 0
  return refusalOf(operation) !== interfaceSays.invalidMessage && status >= 200 && status < 500
}

/** Valid JSON in other forms than the compact one: read back exactly as what it means. */
async function readBackExactly(
  context: ScenarioContext,
  { operation, stringFields, schema }: BodyOperation,
): Promise<void> {
  const request = await sendableRequest(operation, context)
  if (!request) return
  // A typical value (letters of three scripts, one beyond the BMP): only its encoding is unusual.
  const values = Object.fromEntries(
    stringFields.map((field) => [
      field,
      fitted(resolve(schema.properties?.[field] ?? {}), `${context.data.runTag} Zoë Ñandú 𠀋`, 1),
    ]),
  )
  const sent: Body = { ...(request.json as Body), ...values }
  const compact = stringifyJson(sent)
  const forms: Array<[string, string]> = [
    ['every character of its strings escaped (\\u00eb, surrogate pairs)', escapedAll(compact)],
    ['white space between every token', JSON.stringify(JSON.parse(compact), null, '\t').replaceAll('\n', '\r\n ')],
  ]
  for (const [what, body] of forms) {
    const exchange = await context.client.call(operation.operationId, {
      ...withoutJson(request),
      body,
      contentType: 'application/json',
    })
    const status = exchange.response?.status ?? 0
    const answer = exchange.response?.json as Body | undefined
    const ok = status >= 200 && status < 300 && stringFields.every((field) => answer?.[field] === sent[field])
    if (
      !context.assert(ok, {
        message: `a valid body with ${what} is not taken as the same JSON: ${statusOf(exchange)}`,
        expected: `2xx echoing ${stringifyJson(values)}`,
        received: exchange.response?.bodyText.slice(0, 200),
        exchange,
        basis: echoBasis(operation.operationId),
      }) ||
      !answer
    )
      continue
    const difference = await readEverywhere(context.client, operation.operationId, answer, sent, stringFields)
    if (difference) context.assert(false, { ...difference, message: `a body with ${what}: ${difference.message}` })
  }
}

/**
 * Bytes that are not UTF-8 in a string: not JSON text (RFC 8259 section 8.1), yet read by many a stack as
 * U+FFFD. Refused (the spec's choice), or taken (a deviation): never a 5xx.
 */
async function notUtf8(context: ScenarioContext, { operation, stringFields }: BodyOperation): Promise<void> {
  const request = await sendableRequest(operation, context)
  const field = stringFields[0]
  if (!request || field === undefined) return
  const marker = `${context.data.runTag}-bytes`
  const text = stringifyJson({ ...(request.json as Body), [field]: marker })
  const [before = '', after = ''] = text.split(marker)
  const bytes = new Uint8Array([...Buffer.from(`${before}${marker}`), 0xff, 0xfe, ...Buffer.from(after)])
  const exchange = await context.client.call(operation.operationId, {
    ...withoutJson(request),
    bodyBytes: bytes,
    body: `${before}${marker}\\xFF\\xFE${after}`,
    contentType: 'application/json',
    alsoAccepted: clientErrors,
  })
  const status = exchange.response?.status ?? 0
  if (status >= 200 && status < 300)
    context.observe({
      message: `${operation.operationId} takes a body whose "${field}" holds bytes not UTF-8 (FF FE) with ${status}`,
      expected: '400',
      received: statusOf(exchange),
      exchange,
      basis: specChooses.nonUtf8Refused,
    })
}

/**
 * JSON (RFC 8259) on every operation that takes a body, the messages API included: what is not JSON is
 * refused with 400, as the interface says of invalid JSON; what is JSON in another form is read back exactly.
 */
export const jsonSyntaxScenarios: Array<Scenario> = bodyOperations.map(
  (bodyOperation): Scenario => ({
    check: 'json_body_syntax',
    title:
      `${bodyOperation.operation.operationId} refuses every text that is not JSON with 400, ` +
      'and reads JSON in any form',
    operationId: bodyOperation.operation.operationId,
    basis: refusalOf(bodyOperation.operation),
    writes: true,
    async run(context) {
      const { operation } = bodyOperation
      const request = await sendableRequest(operation, context)
      if (!request) return context.skip('No valid body of this operation can be built.')
      const texts = notJson(stringifyJson(request.json))
      const losses = new SampleLosses(texts.length)
      for (const [what, body] of texts) {
        const exchange = await losses.run(() =>
          context.client.call(operation.operationId, {
            ...withoutJson(request),
            body,
            contentType: 'application/json',
            alsoAccepted: clientErrors,
          }),
        )
        if (!exchange) continue
        const refused = exchange.response?.status === 400
        if (!refused && lenientAllowed(operation, exchange)) {
          context.observe({
            message: `a body with ${what} got ${statusOf(exchange)}: a parser that takes more than JSON`,
            expected: '400 with an Error',
            received: statusOf(exchange),
            exchange,
            basis: specChooses.lenientJsonParser,
          })
          continue
        }
        context.assert(refused, {
          message: `a body with ${what} ${refused ? 'is refused' : `got ${statusOf(exchange)}`}`,
          expected: '400 with an Error',
          received: statusOf(exchange),
          exchange,
        })
      }
      losses.settle()
      await notUtf8(context, bodyOperation)
      await readBackExactly(context, bodyOperation)
    },
  }),
)

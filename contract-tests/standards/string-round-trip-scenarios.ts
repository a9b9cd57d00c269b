import { stringifyJson } from '../../spec/json/stringify-json.ts'
import type { OperationSpec } from '../../spec/operations.ts'
import { rolesOf } from '../../spec/relations.ts'
import { resourceOf } from '../../spec/resources.ts'
import { SampleLosses } from '../client/sample-losses.ts'
import { stringAspect } from '../generate/body-aspects.ts'
import { clientErrors } from '../scenarios/expect-refusal.ts'
import { sendableRequest } from '../scenarios/valid-request.ts'
import { echoBasis, resourceBasis, specChooses } from '../shared/citations.ts'
import { type Basis, statusOf } from '../shared/exchange.ts'
import type { Scenario, ScenarioContext } from '../shared/scenario.ts'
import { resolve } from '../values/spec-parameters.ts'
import { stringValues } from '../values/string-values.ts'
import { type BodyOperation, bodyOperations } from './body-operations.ts'
import { meaningfulTexts } from './meaningful-texts.ts'
import { type CreatedResource, readAllEverywhere } from './read-everywhere.ts'
import type { TextSample } from './unicode-samples.ts'
import { unicodeSamples } from './unicode-samples.ts'

type Body = Record<string, unknown>

/** What the interface (or the spec) promises of an operation's answer to a valid body: what it created. */
const echoOf = (operation: OperationSpec): Basis => echoBasis(operation.operationId)

/** The spec's choice to take any string a field admits: its resource's, else (the messages) the spec's own. */
const anyStringOf = (operation: OperationSpec): Basis => {
  const resource = resourceOf(operation.operationId)
  return resource ? resourceBasis(resource).anyStringAccepted : specChooses.anyStringAccepted
}

const isSuccess = (operation: OperationSpec, status: number) =>
  status >= 200 && status < 300 && operation.documents(status)

/** The values of the creator's list filters, the `index`th of each: created resources spread over every list. */
const filterValues = (operation: OperationSpec, index: number): Body =>
  Object.fromEntries(
    rolesOf('list')
      .filter((list) => list.creator === operation.operationId)
      .flatMap((list) => list.filters)
      .map(({ field, values }) => [field, values[index % values.length]]),
  )

/** A resource created with a sample in one field: what every read must give back. */
type Sent = CreatedResource & { what: string }

/**
 * Sends the operation's valid body with one string field set to the sample, and judges by the rule for edge
 * values: a typical value is accepted; an edge one may be refused with a clean 4xx (a deviation, once the
 * same body with a plain value is accepted), but never accepted and changed: its echo here, its reads after.
 */
async function roundTrip(
  context: ScenarioContext,
  { operation, schema }: BodyOperation,
  field: string,
  [sample, index]: [TextSample, number],
  plainAccepted: () => Promise<boolean>,
): Promise<Sent | undefined> {
  const value = `${context.data.runTag} ${sample.text}`
  // A sample longer than the field's maxLength is no value of it: the check tries only what the schema admits.
  if (!stringValues(resolve(schema.properties?.[field] ?? {})).admits(value)) return undefined
  const request = await sendableRequest(operation, context)
  if (!request) return undefined
  const sent: Body = { ...(request.json as Body), ...filterValues(operation, index), [field]: value }
  const exchange = await context.client.call(operation.operationId, {
    ...request,
    json: sent,
    alsoAccepted: clientErrors,
  })
  const status = exchange.response?.status ?? 0
  const what = `a ${field} of ${sample.what} (${sample.category})`
  if (isSuccess(operation, status)) {
    const answer = exchange.response?.json as Body | undefined
    const echoed = context.assert(stringifyJson(answer?.[field]) === stringifyJson(value), {
      message: `${operation.operationId} echoes ${what} changed`,
      expected: stringifyJson(value),
      received: stringifyJson(answer?.[field]),
      exchange,
      basis: echoOf(operation),
    })
    return echoed && answer ? { created: answer, sent, fields: [field], what } : undefined
  }
  if (status < 400 || status >= 500) return undefined // a 5xx is the registry's; another status is no refusal
  const aspect = stringAspect(field, value)
  if (!aspect || !(await plainAccepted())) {
    context.assert(false, {
      message: `${operation.operationId} refuses ${what} with ${status}, a value a ${field} holds in any script`,
      expected: 'a 2xx',
      received: statusOf(exchange),
      exchange,
      basis: echoOf(operation),
    })
    return undefined
  }
  context.observe({
    message: `${operation.operationId} refuses ${aspect.what} (${sample.category}) with ${status}`,
    expected: 'a 2xx with the value as sent',
    received: statusOf(exchange),
    exchange,
    basis: anyStringOf(operation),
  })
  return undefined
}

/** Whether the operation's valid body, its string fields plain, is accepted: asked once, when first needed. */
function plainBodyAccepted(context: ScenarioContext, { operation, stringFields }: BodyOperation) {
  let answer: Promise<boolean> | undefined
  return () => {
    answer ??= (async () => {
      const request = await sendableRequest(operation, context)
      const plain = Object.fromEntries(stringFields.map((field) => [field, `${context.data.runTag} plain`]))
      const exchange = await context.client.call(operation.operationId, {
        ...request,
        json: { ...(request?.json as Body), ...plain },
        record: false,
      })
      return isSuccess(operation, exchange.response?.status ?? 0)
    })()
    return answer
  }
}

function roundTripScenarios(check: string, samples: ReadonlyArray<TextSample>, kind: string): Array<Scenario> {
  return bodyOperations
    .filter(({ stringFields }) => stringFields.length > 0)
    .map(
      (bodyOperation): Scenario => ({
        check,
        title:
          `${bodyOperation.operation.operationId} keeps ${kind} in ${bodyOperation.stringFields.join(', ')} ` +
          'exactly, echoed and read back everywhere (an edge value may be refused cleanly)',
        operationId: bodyOperation.operation.operationId,
        basis: echoOf(bodyOperation.operation),
        writes: true,
        explores: true,
        async run(context) {
          const plainAccepted = plainBodyAccepted(context, bodyOperation)
          const losses = new SampleLosses(bodyOperation.stringFields.length * samples.length)
          const accepted = await Promise.all(
            bodyOperation.stringFields.flatMap((field) =>
              samples.map((sample, index) =>
                losses.run(() => roundTrip(context, bodyOperation, field, [sample, index], plainAccepted)),
              ),
            ),
          )
          losses.settle()
          // Every read after every create: each list page asked once for all that were accepted.
          const created = accepted.filter((item): item is Sent => item !== undefined)
          const { operationId } = bodyOperation.operation
          const differences = await readAllEverywhere(context.client, operationId, created)
          differences.forEach((difference, index) => {
            if (difference)
              context.assert(false, { ...difference, message: `${created[index]?.what}: ${difference.message}` })
          })
        },
      }),
    )
}

/**
 * Unicode of every general category in every string field of every operation that takes a body, echoed and
 * read back exactly through every read; and text that means something elsewhere (templates, format strings,
 * markup, SQL), never rendered or escaped on the way.
 */
export const stringRoundTripScenarios: Array<Scenario> = [
  ...roundTripScenarios('unicode_round_trip', unicodeSamples, 'text of every Unicode general category'),
  ...roundTripScenarios('text_round_trip', meaningfulTexts, 'template, format, markup and SQL syntax'),
]

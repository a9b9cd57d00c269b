import { parseJson } from '../../spec/json/parse-json.ts'
import { stringifyJson } from '../../spec/json/stringify-json.ts'
import { operationObject, operations } from '../../spec/operations.ts'
import { type ResourceSpec, resourceList } from '../../spec/resources.ts'
import { createdBy, resourceBasis, specChooses } from '../shared/citations.ts'
import type { ContractCaller } from '../shared/contract-caller.ts'
import { statusOf } from '../shared/exchange.ts'
import type { Scenario } from '../shared/scenario.ts'
import { type JsonSchema, requestBodySchema } from '../values/spec-parameters.ts'
import type { ExploreOptions } from './explore-options.ts'
import { exploreProperty, type Judgement } from './explore-property.ts'
import { validCreateJudge } from './judge-valid-create.ts'
import { type InvalidBody, invalidBody, invalidBodyExamples, validBody, validBodyExamples } from './request-bodies.ts'
import { isClientError, responseStatus, verdict } from './verdict.ts'

const isJson = (contentType: string): boolean => /^application\/json\s*(;|$)/i.test(contentType)

/** Whether a body text is JSON at all (RFC 8259): one value, nothing after it. */
function isJsonText(text: string): boolean {
  try {
    parseJson(text)
    return true
  } catch {
    return false
  }
}

/**
 * Judges a body the create must not take as a valid body of its schema. A body that is not valid JSON of the schema
 * is refused with a 4xx Error (400, the interface's status, for a JSON body). A text that is not JSON at all may be
 * read by a parser that takes more than JSON (RFC 8259 section 9 allows it; the create promises 400 for missing
 * or invalid values, not for invalid JSON): taken, or refused otherwise than with 400, a deviation. A value that only
 * its field's `format` refuses may be taken and stored as sent (JSON Schema 2020-12 section 7.2.1: `format` is an
 * annotation unless a vocabulary asserts it): a deviation. A valid body labelled with another media type is one the
 * interface says nothing about: refusing it (400 or 415) and accepting it both keep every sentence; accepting it
 * differs from the spec's choice (a deviation), storing it changed or answering with a 5xx does not.
 */
async function judgeInvalidCreate(
  resource: ResourceSpec,
  body: InvalidBody,
  client: ContractCaller,
  schema: JsonSchema,
): Promise<Judgement> {
  const { creator, createdStatus, noun } = resource
  const json = isJson(body.contentType)
  const exchange = await client.call(creator, {
    body: body.text,
    contentType: body.contentType,
    alsoAccepted: json ? [] : [415],
  })
  const status = responseStatus(exchange)
  if (json && !isJsonText(body.text) && status !== 400 && status >= 200 && status < 500)
    return {
      ...verdict(exchange, true, '', '400 with an Error'),
      deviation:
        `${creator} answers a body that is not JSON with ${status}, ` +
        `a parser that takes more than JSON (e.g. ${body.what})`,
      deviationKey: 'a lenient parser',
      deviationBasis: specChooses.lenientJsonParser,
    }
  if (json && body.format && status === createdStatus) {
    const changed = changedOf(schema, body.text, exchange.response?.json)
    return changed
      ? verdict(exchange, false, `a body ${body.what} was accepted with "${changed}" changed`, body.text)
      : {
          ...verdict(exchange, true, '', ''),
          deviation: `${creator} takes a value its ${body.format} format refuses and stores it as sent (${body.what})`,
          deviationKey: `takes what its ${body.format} format refuses`,
          deviationBasis: specChooses.formatAsserted,
        }
  }
  if (json || status !== createdStatus) {
    const wanted = json ? status === 400 : isClientError(exchange)
    const expected = json
      ? '400 with an Error'
      : `a 4xx Error (400 or 415), or ${createdStatus} with the ${noun} as sent`
    return verdict(exchange, wanted, `a body ${body.what} got ${statusOf(exchange)}`, expected)
  }
  const read = exchange.response?.json as Record<string, unknown> | undefined
  const changed = changedOf(schema, body.text, read)
  if (changed !== undefined)
    return verdict(
      exchange,
      false,
      `a body ${body.what} was accepted with "${changed}" changed to ${stringifyJson(read?.[changed])}`,
      body.text,
    )
  return {
    ...verdict(exchange, true, '', ''),
    deviation:
      `${creator} takes a JSON body labelled with another media type as JSON ` +
      `(${createdStatus}; e.g. ${body.what})`,
    deviationKey: 'accepts another media type',
  }
}

/** The first field of the schema an answer holds otherwise than the body text sent it. */
function changedOf(schema: JsonSchema, text: string, answer: unknown): string | undefined {
  const sent = parseJson(text) as Record<string, unknown>
  const read = answer as Record<string, unknown> | undefined
  return Object.keys(schema.properties ?? {}).find(
    (field) => field in sent && stringifyJson(read?.[field]) !== stringifyJson(sent[field]),
  )
}

/**
 * The generated checks of every create of the spec (`spec/resources.ts`): every valid body created and read back
 * exactly, or an edge value refused cleanly; every invalid body refused.
 * @example generatedCreateScenarios(exploreOptions({ seed: 1 }))
 */
export function generatedCreateScenarios(options: ExploreOptions): Array<Scenario> {
  return resourceList.flatMap((resource) => createScenarios(resource, options))
}

function createScenarios(resource: ResourceSpec, options: ExploreOptions): Array<Scenario> {
  const { creator } = resource
  const schema = requestBodySchema(creator)
  if (!schema) return []
  const sample = operations[creator].sample.json as Record<string, unknown>
  const content = (operationObject(creator).requestBody as { content?: Record<string, { schema?: { $ref?: string } }> })
    .content
  const bodyName = content?.['application/json']?.schema?.$ref?.split('/').at(-1) ?? 'body'
  const basis = createdBy(resource)
  return [
    {
      check: 'generated_valid_create',
      title: `generated: ${creator} accepts every typical ${bodyName}, echoes it and reads it back exactly`,
      operationId: creator,
      basis: basis.valid,
      writes: true,
      explores: true,
      run: (context) =>
        exploreProperty(context, options, {
          promise:
            `a valid ${bodyName} is created with ${resource.createdStatus} and read back exactly ` +
            '(an edge value may be refused cleanly)',
          deviationBasis: resourceBasis(resource).anyBodyAccepted,
          arbitrary: validBody(schema),
          examples: validBodyExamples(schema, sample),
          judge: validCreateJudge(context, resource, schema, sample),
        }),
    },
    {
      check: 'generated_invalid_create',
      title: `generated: ${creator} refuses every invalid body with 400 and an Error`,
      operationId: creator,
      basis: basis.invalid,
      writes: true,
      explores: true,
      run: (context) =>
        exploreProperty(context, options, {
          promise: 'an invalid body is refused with a 4xx Error',
          deviationBasis: specChooses.mediaTypeRefused,
          arbitrary: invalidBody(schema),
          examples: invalidBodyExamples(schema, sample),
          judge: (body, client) => judgeInvalidCreate(resource, body, client, schema),
        }),
    },
  ]
}

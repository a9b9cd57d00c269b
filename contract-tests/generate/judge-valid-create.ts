import { stringifyJson } from '../../spec/json/stringify-json.ts'
import type { ResourceSpec } from '../../spec/resources.ts'
import type { ContractCaller } from '../shared/contract-caller.ts'
import { type Exchange, statusOf } from '../shared/exchange.ts'
import type { ScenarioContext } from '../shared/scenario.ts'
import { dataOf } from '../shared/suite-data.ts'
import { type JsonSchema, resolve } from '../values/spec-parameters.ts'
import { fitted, stringValues } from '../values/string-values.ts'
import { type BodyAspect, bodyAspects, type TypicalIntegers } from './body-aspects.ts'
import type { Judgement } from './explore-property.ts'
import type { ValidBody } from './request-bodies.ts'
import { isClientError, responseStatus, verdict } from './verdict.ts'

type Body = Record<string, unknown>
const same = (a: unknown, b: unknown): boolean => stringifyJson(a) === stringifyJson(b)

/** Whether a field holds the value sent: exactly, or for a string of a format the same value (a UUID in any case). */
function sameValue(property: JsonSchema | undefined, read: unknown, sent: unknown): boolean {
  if (same(read, sent)) return true
  const schema = property && resolve(property)
  return schema?.type === 'string' && typeof read === 'string' && typeof sent === 'string'
    ? stringValues(schema).same(read, sent)
    : false
}

/** The first field of the schema the read resource holds otherwise than it was sent, as a failure. */
function changedField(exchange: Exchange, sent: Body, schema: JsonSchema, how: string): Judgement | undefined {
  const read = exchange.response?.json as Body | undefined
  const properties = schema.properties ?? {}
  const field = Object.keys(sent).find(
    (name) => name in properties && !sameValue(properties[name], read?.[name], sent[name]),
  )
  if (field === undefined) return undefined
  return {
    ...verdict(
      exchange,
      false,
      `"${field}" ${how} as ${stringifyJson(read?.[field])}, not as sent`,
      stringifyJson(sent),
    ),
    failureKey: `${how}:${field}`,
  }
}

/**
 * Judges a valid body by the rule for edge values: a typical body must be created (the creator's 2xx) and echoed
 * exactly, and read back exactly through its read and its list; a body holding an edge value the types allow
 * may be refused with a clean 4xx (a deviation that names the one field whose value makes the difference),
 * but never stored changed, and nothing is answered with a 5xx.
 * @example const judge = validCreateJudge(context, resources.createPet, schema, sample); await judge(body, client)
 */
export function validCreateJudge(
  context: ScenarioContext,
  resource: ResourceSpec,
  schema: JsonSchema,
  sample: Body,
): (body: ValidBody, client: ContractCaller) => Promise<Judgement> {
  const { creator, createdStatus, noun, idField, read: reader, list: lister } = resource
  const created = `${createdStatus} with the ${noun}`
  const typical: TypicalIntegers = Object.fromEntries(
    Object.entries(schema.properties ?? {})
      .filter(([, property]) => resolve(property).type === 'integer')
      .map(([field]) => [
        field,
        // Values this run chose and the target took, never those of whatever a big store lists first.
        new Set([...dataOf(context.data, creator).created, sample].map((item) => String((item as Body)[field]))),
      ]),
  )
  // Each distinct probe (a typical body, or one with a single edge value) is sent once per run, its outcome reused.
  const probes = new Map<string, Promise<Judgement | Refused>>()
  function probe(client: ContractCaller, sent: Body, contentType: string, key: string): Promise<Judgement | Refused> {
    const known = probes.get(key)
    if (known) return known
    const outcome = create(client, sent, contentType)
    probes.set(key, outcome)
    return outcome
  }

  /** Creates a body and judges the echo and the read-back; `refused` when it was refused with a 4xx. */
  async function create(client: ContractCaller, sent: Body, contentType: string): Promise<Judgement | Refused> {
    const exchange = await client.call(creator, { body: stringifyJson(sent), contentType })
    if (isClientError(exchange)) return { refused: exchange }
    if (responseStatus(exchange) !== createdStatus)
      return {
        ...verdict(exchange, false, `a valid body got ${statusOf(exchange)}`, `${createdStatus}, or a clean 4xx Error`),
        failureKey: `create:${statusOf(exchange)}`,
      }
    return changedField(exchange, sent, schema, 'came back') ?? (await readBack(client, exchange, sent))
  }

  /** Reads a created resource through its read and its list (when the list shows it): the fields it was sent with. */
  async function readBack(client: ContractCaller, createdExchange: Exchange, sent: Body): Promise<Judgement> {
    const id = (createdExchange.response?.json as Body | undefined)?.[idField]
    if (reader) {
      const read = await client.call(reader.operationId, { params: { [reader.parameter]: String(id) } })
      if (responseStatus(read) !== 200)
        return {
          ...verdict(
            read,
            false,
            `the created ${noun} ${String(id)} read back as ${statusOf(read)}`,
            `200 with the ${noun}`,
          ),
          failureKey: `read:${reader.operationId}`,
        }
      const byId = changedField(read, sent, schema, `read back through ${reader.operationId}`)
      if (byId) return byId
    }
    if (!lister) return verdict(createdExchange, true, '', '')
    // Its largest page, filtered by what it was sent with: where it is listed if anywhere.
    const query = [
      ...(lister.limit ? [`${lister.limit.parameter}=${lister.limit.maximum}`] : []),
      ...lister.filters.flatMap(({ parameter, field }) =>
        typeof sent[field] === 'string' ? [`${parameter}=${encodeURIComponent(sent[field])}`] : [],
      ),
    ].join('&')
    const list = await client.call(lister.operationId, { ...(query && { query }) })
    const listed = Array.isArray(list.response?.json)
      ? (list.response.json as Array<Body>).find((item) => same(item?.[idField], id))
      : undefined
    if (listed) {
      const inList = changedField({ ...list, response: { ...list.response!, json: listed } }, sent, schema, 'listed')
      if (inList) return inList
    }
    return verdict(createdExchange, true, '', '')
  }

  /** The body with its edge values replaced by typical ones: what any conformant server must accept. */
  function typicalOf(body: Body, aspects: ReadonlyArray<BodyAspect>): Body {
    const typicalBody: Body = { ...body }
    for (const { field } of aspects) {
      delete typicalBody[field]
      if (!(schema.required ?? []).includes(field)) continue
      const integers = typical[field]
      const property = resolve(schema.properties?.[field] ?? {})
      typicalBody[field] =
        typeof body[field] === 'string'
          ? fitted(property, `${context.data.runTag}-typical`, 1)
          : integers
            ? sampleInteger(integers)
            : sample[field]
    }
    return typicalBody
  }

  return async (body, client) => {
    const exchange = await client.call(creator, { body: stringifyJson(body.json), contentType: body.contentType })
    const status = responseStatus(exchange)
    if (status === createdStatus)
      return changedField(exchange, body.json, schema, 'came back') ?? (await readBack(client, exchange, body.json))
    if (!isClientError(exchange))
      return {
        ...verdict(exchange, false, `a valid body got ${statusOf(exchange)}`, `${createdStatus}, or a clean 4xx Error`),
        failureKey: `create:${status}`,
      }
    const aspects = bodyAspects(body.json, schema, typical)
    const sentAs = body.contentType === 'application/json' ? '' : ` sent as ${body.contentType}`
    if (aspects.length === 0)
      return {
        ...verdict(exchange, false, `a typical valid body${sentAs} was refused with ${status}`, created),
        failureKey: `typical-refused:${body.contentType}`,
      }
    const base = typicalOf(body.json, aspects)
    // Bodies with the same fields share their typical body, and so the probes built on it.
    const baseKey = `${body.contentType} ${stringifyJson(Object.keys(base))}`
    const baseJudgement = orRefused(sentAs, created)(await probe(client, base, body.contentType, baseKey))
    if (!baseJudgement.ok) return baseJudgement
    // One edge value at a time on the typical body: the first one refused alone is what the server refuses.
    for (const aspect of aspects) {
      const edge = { [aspect.field]: aspect.value }
      const aloneKey = `${baseKey} ${aspect.key} ${stringifyJson(edge)}`
      const alone = await probe(client, { ...base, ...edge }, body.contentType, aloneKey)
      if (!('refused' in alone) && !alone.ok) return alone
      if (!('refused' in alone)) continue
      return {
        ...verdict(exchange, true, '', ''),
        deviation: `${creator} refuses ${aspect.what} with ${status}`,
        deviationKey: `refuses ${aspect.key}`,
      }
    }
    const whats = aspects.map((aspect) => aspect.what).join(' together with ')
    return {
      ...verdict(exchange, true, '', ''),
      deviation: `${creator} refuses ${whats} with ${status}`,
      deviationKey: `refuses ${aspects.map((aspect) => aspect.key).join('+')}`,
    }
  }
}

function sampleInteger(values: ReadonlySet<string>): number | bigint {
  const [first = '1'] = values
  const value = BigInt(first)
  return value >= BigInt(Number.MIN_SAFE_INTEGER) && value <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(value) : value
}

/** A body refused with a 4xx, and the exchange that says so. */
interface Refused {
  refused: Exchange
}

/** A typical body refused is a violation: the typical valid request must succeed. */
function orRefused(sentAs: string, created: string): (judgement: Judgement | Refused) => Judgement {
  return (judgement) =>
    'refused' in judgement
      ? {
          ...verdict(
            judgement.refused,
            false,
            `a typical valid body${sentAs} (the same body without its edge values) was refused with ` +
              statusOf(judgement.refused),
            created,
          ),
          failureKey: `typical-refused:${sentAs}`,
        }
      : judgement
}

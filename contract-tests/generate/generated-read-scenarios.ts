import fc from 'fast-check'
import { stringifyJson } from '../../spec/json/stringify-json.ts'
import { isResource, type ResourceSpec, resourceList } from '../../spec/resources.ts'
import { resourceBasis } from '../shared/citations.ts'
import { statusOf } from '../shared/exchange.ts'
import { sameFields } from '../shared/same-fields.ts'
import type { Scenario } from '../shared/scenario.ts'
import { dataOf, type Resource } from '../shared/suite-data.ts'
import {
  edgeParameterTexts,
  invalidParameterTexts,
  laxParameterValue,
  validParameterText,
} from '../values/query-values.ts'
import { resolve } from '../values/spec-parameters.ts'
import type { ExploreOptions } from './explore-options.ts'
import { exploreProperty, type Judgement } from './explore-property.ts'
import { isClientError, responseStatus, verdict } from './verdict.ts'

/** An id a check sends: one of a resource it knows, another of the id's schema, or one the schema refuses. */
type IdCase = { kind: 'known' | 'other' | 'invalid'; text: string; item?: Resource }
type ReadResource = ResourceSpec & { read: NonNullable<ResourceSpec['read']> }

/** `getPet` → `get_pet`: the check's name after its operation. */
const snake = (name: string) => name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`)

/**
 * The generated checks of every read by id of the spec (`spec/resources.ts`): a known id answers that resource,
 * another id of its schema 404 (or its resource), a malformed id a 4xx (or, read laxly, the resource of exactly the
 * value it spells). Ids valid and malformed come from the id's schema (`resource.id`).
 * @example generatedReadScenarios(exploreOptions({ seed: 1 }))
 */
export function generatedReadScenarios(options: ExploreOptions): Array<Scenario> {
  return resourceList
    .filter((resource): resource is ReadResource => resource.read !== undefined)
    .map((resource) => readScenario(resource, options))
}

function readScenario(resource: ReadResource, options: ExploreOptions): Scenario {
  const { operationId, parameter } = resource.read
  const { noun, idField } = resource
  const schema = resolve({ $ref: `#/components/schemas/${resource.schemaName}` }) as { properties?: object }
  // What the resource does not hold it must not be read back with: its optional fields, absent unless known.
  const absent = Object.fromEntries(
    Object.keys(schema.properties ?? {})
      .filter((field) => !resource.required.some(({ name }) => name === field))
      .map((field) => [field, undefined]),
  )
  const isOne = (value: unknown): value is Resource => isResource(resource, value)
  const idOf = (value: Resource) => String(value[idField])
  const idSchema = resource.id.schema
  /** The id a text names, as the schema reads it (a UUID in any case is the same UUID). */
  const named = (text: string) => String(resource.id.value.read(text) ?? text)
  const basis = resourceBasis(resource)
  const { admits } = resource.id.value

  /**
   * A malformed id is refused with a 4xx; a server that reads it laxly, as the value it spells (`1.0`, ` 1` for an
   * integer), may answer with the resource of exactly that id (a deviation), never with another.
   */
  function judgeMalformed(text: string, exchange: Parameters<typeof verdict>[0]): Judgement {
    if (isClientError(exchange)) return verdict(exchange, true, '', '')
    const read = exchange.response?.json
    const lax = laxParameterValue(idSchema, text)
    if (responseStatus(exchange) === 200 && isOne(read) && lax !== undefined && named(idOf(read)) === lax)
      return {
        ...verdict(exchange, true, '', ''),
        deviation: `${operationId} reads the malformed id ${stringifyJson(text)} as ${lax} and answers that ${noun}`,
        deviationKey: `${operationId} reads a malformed id laxly`,
      }
    const answered = responseStatus(exchange) === 200 && isOne(read) ? ` with ${noun} ${idOf(read)}` : ''
    return verdict(
      exchange,
      false,
      `the malformed id ${stringifyJson(text)} got ${statusOf(exchange)}${answered}`,
      lax === undefined ? 'a 4xx Error' : `a 4xx Error, or 200 with ${noun} ${lax}`,
    )
  }

  return {
    check: `generated_${snake(operationId)}`,
    title: `generated: ${operationId} answers every id: the ${noun}, 404, or a 4xx for a malformed id`,
    operationId,
    basis: basis.read,
    writes: false,
    explores: true,
    run: (context) => {
      const { created, listed } = dataOf(context.data, operationId)
      const known = [...created, ...listed]
      const malformed = invalidParameterTexts(idSchema).filter((text) => text.trim() !== '')
      const invalid = (text: string): IdCase => ({ kind: 'invalid', text })
      return exploreProperty(context, options, {
        promise:
          `${operationId} answers a known id with that ${noun}, another id (${admits}) with 404 (or its ${noun}), ` +
          'anything else a 4xx',
        deviationBasis: basis.invalidId,
        arbitrary: fc.oneof(
          ...(known.length > 0
            ? [fc.constantFrom(...known).map((item): IdCase => ({ kind: 'known', text: idOf(item), item }))]
            : []),
          validParameterText(idSchema).map((text): IdCase => ({ kind: 'other', text })),
          // An id of any text (a schema that says nothing more) has no malformed form.
          ...(malformed.length > 0 ? [fc.constantFrom(...malformed).map(invalid)] : []),
        ),
        // Every resource this run created is read back, whatever else the store holds: a big store's first page
        // must not decide whether the check meets one of them.
        // So is every edge of the id's schema (an integer's 0, ±1, 2^53 ± 1 and extremes; a UUID in upper case)
        // and every malformed form.
        examples: [
          ...created.map((item): IdCase => ({ kind: 'known', text: idOf(item), item })),
          ...edgeParameterTexts(idSchema).map((text): IdCase => ({ kind: 'other', text })),
          ...malformed.map(invalid),
        ],
        judge: async ({ kind, text, item }, client) => {
          const exchange = await client.call(operationId, {
            params: { [parameter]: encodeURIComponent(text) },
            alsoAccepted: kind === 'invalid' ? [400, 404, 422] : [],
          })
          if (kind === 'invalid') return judgeMalformed(text, exchange)
          const expected = item ?? listed.find((candidate) => named(idOf(candidate)) === named(text))
          const read = exchange.response?.json
          if (expected) {
            const same = responseStatus(exchange) === 200 && isOne(read) && named(idOf(read)) === named(text)
            return verdict(
              exchange,
              same && sameFields(read, { ...absent, ...expected }),
              `the known ${noun} ${text} read back as ${statusOf(exchange)} ` +
                `${exchange.response?.bodyText.slice(0, 120)}`,
              `200 ${stringifyJson(expected)}`,
            )
          }
          const ok =
            responseStatus(exchange) === 404 ||
            (responseStatus(exchange) === 200 && isOne(read) && named(idOf(read)) === named(text))
          return verdict(
            exchange,
            ok,
            `the id ${text} got ${statusOf(exchange)}`,
            `404, or 200 with the ${noun} of that id`,
          )
        },
      })
    },
  }
}

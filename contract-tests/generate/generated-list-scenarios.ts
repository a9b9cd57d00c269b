import fc from 'fast-check'
import { resourceList } from '../../spec/resources.ts'
import { resourceBasis, specChooses } from '../shared/citations.ts'
import { statusOf } from '../shared/exchange.ts'
import type { Scenario } from '../shared/scenario.ts'
import { edgeParameterTexts, invalidParameterTexts, validParameterText } from '../values/query-values.ts'
import { specParameters } from '../values/spec-parameters.ts'
import type { ExploreOptions } from './explore-options.ts'
import { exploreProperty } from './explore-property.ts'
import { judgeList, type ListedResource, type QueryEntries, queryOf } from './list-bounds.ts'
import { isClientError, responseStatus, verdict } from './verdict.ts'

/**
 * The generated checks of every list of the spec (`spec/resources.ts`): every valid query answered within its
 * rules; every invalid one refused, or forgiven within the rules.
 * @example generatedListScenarios(exploreOptions({ seed: 1 }))
 */
export function generatedListScenarios(options: ExploreOptions): Array<Scenario> {
  return resourceList
    .filter((resource): resource is ListedResource => resource.list !== undefined)
    .flatMap((resource) => listScenarios(resource, options))
}

/** The generated checks of one list, its parameters and rules from the spec. */
function listScenarios(resource: ListedResource, options: ExploreOptions): Array<Scenario> {
  const { operationId } = resource.list
  const { plural } = resource
  const queryParameters = () => specParameters(operationId).filter((p) => p.in === 'query')
  /** Each query parameter at most once, with a valid value: the query a typical client sends. */
  const validQuery = (): fc.Arbitrary<QueryEntries> =>
    fc
      .tuple(...queryParameters().map((p) => fc.option(validParameterText(p.schema), { nil: undefined })))
      .map((texts) =>
        queryParameters().flatMap((p, index) => (texts[index] === undefined ? [] : [[p.name, texts[index]] as const])),
      )
  const names = queryParameters().map((p) => p.name)
  const kept = names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names.at(-1)}` : (names[0] ?? 'its rules')
  const filtered = resource.list.filters.map(({ field }) => `, all of the filtered ${field}`).join('')
  const basis = resourceBasis(resource).limit
  return [
    {
      check: 'generated_list_query',
      title: `generated: ${operationId} keeps ${kept} for every valid query, alone and together`,
      operationId,
      basis,
      writes: false,
      explores: true,
      run: (context) =>
        exploreProperty(context, options, {
          promise: `a valid query gets 200 with at most limit ${plural}${filtered}`,
          arbitrary: validQuery(),
          // Each edge of each parameter alone (limit 1 and 100, every status), whatever the seed.
          examples: queryParameters().flatMap((p) =>
            edgeParameterTexts(p.schema).map((text): QueryEntries => [[p.name, text]]),
          ),
          judge: async (query, client) => {
            const exchange = await client.call(operationId, { query: queryOf(query) || undefined })
            if (responseStatus(exchange) !== 200) return verdict(exchange, false, `got ${statusOf(exchange)}`, '200')
            return judgeList(resource, exchange, query, false)
          },
        }),
    },
    {
      check: 'generated_invalid_query',
      title: `generated: ${operationId} refuses an invalid query, or forgives it within the rules`,
      operationId,
      basis,
      writes: false,
      explores: true,
      run: (context) =>
        exploreProperty(context, options, {
          promise: 'an invalid query gets a 4xx Error, or a 200 that keeps the rules',
          deviationBasis: specChooses.invalidQueryRefused,
          arbitrary: fc
            .constantFrom(
              ...queryParameters().flatMap((p) =>
                invalidParameterTexts(p.schema).map((text) => [p.name, text] as const),
              ),
            )
            .chain((invalid) =>
              validQuery().map((others): QueryEntries => [...others.filter(([name]) => name !== invalid[0]), invalid]),
            ),
          // Each invalid value alone, once.
          examples: queryParameters().flatMap((p) =>
            invalidParameterTexts(p.schema).map((text): QueryEntries => [[p.name, text]]),
          ),
          judge: async (query, client) => {
            const exchange = await client.call(operationId, { query: queryOf(query), alsoAccepted: [422] })
            if (isClientError(exchange)) return verdict(exchange, true, '', '')
            if (responseStatus(exchange) !== 200)
              return verdict(exchange, false, `got ${statusOf(exchange)}`, 'a 4xx or 200')
            // The invalid parameter is the last of the query; the others are valid.
            const [name] = query.at(-1) ?? ['query']
            return {
              ...judgeList(resource, exchange, query, true),
              deviation: `${operationId} forgives an invalid ${name} with 200`,
            }
          },
        }),
    },
  ]
}

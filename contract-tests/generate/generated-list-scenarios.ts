import fc from 'fast-check'
import { interfaceSays, specChooses } from '../shared/citations.ts'
import { statusOf } from '../shared/exchange.ts'
import type { Scenario } from '../shared/scenario.ts'
import type { ExploreOptions } from './explore-options.ts'
import { exploreProperty } from './explore-property.ts'
import { judgeList, type QueryEntries, queryOf } from './list-bounds.ts'
import { edgeParameterTexts, invalidParameterTexts, validParameterText } from './query-values.ts'
import { specParameters } from './spec-parameters.ts'
import { isClientError, responseStatus, verdict } from './verdict.ts'

const queryParameters = () => specParameters('listPets').filter((p) => p.in === 'query')

/** Each query parameter at most once, with a valid value: the query a typical client sends. */
function validQuery(): fc.Arbitrary<QueryEntries> {
  return fc
    .tuple(...queryParameters().map((p) => fc.option(validParameterText(p.schema), { nil: undefined })))
    .map((texts) =>
      queryParameters().flatMap((p, index) => (texts[index] === undefined ? [] : [[p.name, texts[index]] as const])),
    )
}

/**
 * The generated listPets checks: every valid query answered within its rules; every invalid one refused,
 * or forgiven within the rules.
 * @example generatedListScenarios(exploreOptions({ seed: 1 }))
 */
export function generatedListScenarios(options: ExploreOptions): Array<Scenario> {
  return [
    {
      check: 'generated_list_query',
      title: 'generated: listPets keeps limit and status for every valid query, alone and together',
      operationId: 'listPets',
      basis: interfaceSays.limit,
      writes: false,
      explores: true,
      run: (context) =>
        exploreProperty(context, options, {
          promise: 'a valid query gets 200 with at most limit pets, all of the filtered status',
          arbitrary: validQuery(),
          // Each edge of each parameter alone (limit 1 and 100, every status), whatever the seed.
          examples: queryParameters().flatMap((p) =>
            edgeParameterTexts(p.schema).map((text): QueryEntries => [[p.name, text]]),
          ),
          judge: async (query, client) => {
            const exchange = await client.call('listPets', { query: queryOf(query) || undefined })
            if (responseStatus(exchange) !== 200) return verdict(exchange, false, `got ${statusOf(exchange)}`, '200')
            return judgeList(exchange, query, false)
          },
        }),
    },
    {
      check: 'generated_invalid_query',
      title: 'generated: listPets refuses an invalid query, or forgives it within the rules',
      operationId: 'listPets',
      basis: interfaceSays.limit,
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
            const exchange = await client.call('listPets', { query: queryOf(query), alsoAccepted: [422] })
            if (isClientError(exchange)) return verdict(exchange, true, '', '')
            if (responseStatus(exchange) !== 200)
              return verdict(exchange, false, `got ${statusOf(exchange)}`, 'a 4xx or 200')
            // The invalid parameter is the last of the query; the others are valid.
            const [name] = query.at(-1) ?? ['query']
            return { ...judgeList(exchange, query, true), deviation: `listPets forgives an invalid ${name} with 200` }
          },
        }),
    },
  ]
}

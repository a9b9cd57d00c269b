import fc from 'fast-check'
import { operationList, operations } from '../../spec/operations.ts'
import { listedResource, resourceList } from '../../spec/resources.ts'
import { validRequest } from '../scenarios/valid-request.ts'
import { interfaceSays, specChooses } from '../shared/citations.ts'
import type { CallOptions } from '../shared/contract-caller.ts'
import { statusOf } from '../shared/exchange.ts'
import type { Scenario } from '../shared/scenario.ts'
import { invalidParameterTexts, validParameterText } from '../values/query-values.ts'
import { specParameters } from '../values/spec-parameters.ts'
import type { ExploreOptions } from './explore-options.ts'
import { exploreProperty, type Judgement } from './explore-property.ts'
import { judgeList, type ListedResource, type QueryEntries, queryOf } from './list-bounds.ts'
import { isClientError, responseStatus, verdict } from './verdict.ts'

/** Every list of the spec, with its rules. */
const lists = resourceList.filter((resource): resource is ListedResource => resource.list !== undefined)

/**
 * Accept headers a legal client may send, or none: each leaves the server free to answer JSON, as it must. Lists in
 * every form RFC 9110 section 5.6.1 allows: white space around the commas, and empty members a recipient must parse
 * and ignore (section 5.6.1.2).
 */
const acceptForms: ReadonlyArray<string | null> = [
  null,
  '*/*',
  'application/*',
  'application/json;q=0.9, */*;q=0.1',
  'application/json , */*;q=0.1',
  ', application/json,',
  // Weights decide, not order (RFC 9110 section 12.4.2): JSON preferred though named last, and acceptable at q=0.001.
  'text/html;q=0.5, application/json',
  'text/plain;Q=0.5, application/json;q=0.001',
]

type FormCase =
  | { kind: 'accept'; operationId: (typeof operationList)[number]['operationId']; accept: string | null }
  | { kind: 'repeated'; operationId: ListedResource['list']['operationId']; query: QueryEntries }

/** A query of a list with a parameter given twice: two valid values, or a valid one and one out of range. */
function repeatedQuery(operationId: ListedResource['list']['operationId']): fc.Arbitrary<QueryEntries> {
  return fc.constantFrom(...specParameters(operationId).filter((p) => p.in === 'query')).chain((p) => {
    const invalid = invalidParameterTexts(p.schema).filter((text) => /^-?\d+$/.test(text))
    const second = p.schema.enum || invalid.length === 0 ? validParameterText(p.schema) : fc.constantFrom(...invalid)
    return fc.tuple(validParameterText(p.schema), fc.oneof(validParameterText(p.schema), second), fc.boolean()).map(
      ([first, other, swap]): QueryEntries =>
        swap
          ? [
              [p.name, other],
              [p.name, first],
            ]
          : [
              [p.name, first],
              [p.name, other],
            ],
    )
  })
}

/** Each query parameter of each list given twice with one valid value (its first enum value, or its minimum). */
function repeatedExamples(): Array<FormCase> {
  return lists.flatMap(({ list: { operationId } }) =>
    specParameters(operationId)
      .filter((p) => p.in === 'query')
      .map((p): FormCase => {
        const text = String(p.schema.enum?.[0] ?? p.schema.minimum ?? 'x')
        return {
          kind: 'repeated',
          operationId,
          query: [
            [p.name, text],
            [p.name, text],
          ],
        }
      }),
  )
}

/**
 * The generated checks of the forms a legal client may vary: no Accept or a wildcard one on every safe
 * operation (the answer is still JSON, the request still succeeds), and a query parameter of each list given
 * twice: a value the server cannot read as the one the interface types, judged as a malformed one is (refused
 * with a 4xx, or forgiven, a deviation, within the rules: at most the maximum, never a status not asked for).
 * @example generatedRequestForms(exploreOptions({ seed: 1 }))
 */
export function generatedRequestForms(options: ExploreOptions): Array<Scenario> {
  // Safe operations only: their valid request names whatever pet the target lists, never an unsafe change.
  const safe = operationList.filter((operation) => operation.described && operation.safe)
  const acceptCases: Array<FormCase> = safe.flatMap(({ operationId }) =>
    acceptForms.map((accept) => ({ kind: 'accept' as const, operationId, accept })),
  )
  return [
    {
      check: 'generated_request_forms',
      title:
        `generated: ${safe.map((o) => o.operationId).join(', ')} answer JSON whatever Accept is sent; ` +
        `${lists.map(({ list }) => list.operationId).join(', ')} ${lists.length === 1 ? 'keeps its' : 'keep their'} ` +
        'rules with a parameter given twice',
      operationId: lists[0]?.list.operationId ?? safe[0]?.operationId ?? 'listPets',
      basis: interfaceSays.jsonBodies,
      writes: false,
      explores: true,
      run: (context) =>
        exploreProperty(context, options, {
          promise: 'a request in any legal form is answered as the interface says',
          arbitrary: fc.oneof(
            fc.constantFrom(...acceptCases),
            ...lists.map(({ list: { operationId } }) =>
              repeatedQuery(operationId).map((query): FormCase => ({ kind: 'repeated', operationId, query })),
            ),
          ),
          // Each parameter given twice with one valid value too: whether a server forgives it is not left to a draw.
          examples: [...acceptCases, ...repeatedExamples()],
          deviationBasis: specChooses.invalidQueryRefused,
          judge: async (form, client): Promise<Judgement> => {
            if (form.kind === 'accept') {
              const request = validRequest(operations[form.operationId], context.data) as CallOptions
              const exchange = await client.call(form.operationId, { ...request, accept: form.accept })
              const ok = responseStatus(exchange) >= 200 && responseStatus(exchange) < 300
              const sent = form.accept === null ? 'no Accept header' : `Accept: ${form.accept}`
              return verdict(exchange, ok, `${form.operationId} with ${sent} got ${statusOf(exchange)}`, '2xx JSON')
            }
            const exchange = await client.call(form.operationId, { query: queryOf(form.query), alsoAccepted: [422] })
            if (isClientError(exchange)) return verdict(exchange, true, '', '')
            if (responseStatus(exchange) !== 200)
              return verdict(exchange, false, `a parameter given twice got ${statusOf(exchange)}`, '200 or a 4xx')
            // A value the server cannot read as one: refused, or forgiven within the rules as a malformed one is.
            const [name] = form.query[0] ?? ['query']
            return {
              ...judgeList(listedResource(form.operationId), exchange, form.query, false),
              deviation: `${form.operationId} forgives ${name} given twice with 200`,
            }
          },
        }),
    },
  ]
}

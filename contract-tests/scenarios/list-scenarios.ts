import { stringifyJson } from '../../spec/json/stringify-json.ts'
import { operations } from '../../spec/operations.ts'
import { listedResource } from '../../spec/resources.ts'
import type { OperationId } from '../../spec/types.ts'
import { resourceBasis, specChooses } from '../shared/citations.ts'
import type { Exchange } from '../shared/exchange.ts'
import { listLength } from '../shared/json-cut.ts'
import type { Scenario, ScenarioContext } from '../shared/scenario.ts'
import { dataOf, type Resource } from '../shared/suite-data.ts'
import { clientErrors, expectRefusal } from './expect-refusal.ts'
import { expectStatus } from './expect-status.ts'

/** A list's items (for a list of thousands, the first the client kept) and how many it holds, each counted. */
interface Listed {
  items: Array<Resource>
  length: number
}

/**
 * Lists with `query` and checks the answer is a 200 bare array: its items and length, or undefined (the check
 * failed, saying why).
 * @example const listed = await list(context, 'listPets', 'limit=5')
 */
export async function list(
  context: ScenarioContext,
  operationId: OperationId,
  query?: string,
): Promise<Listed | undefined> {
  const exchange = await context.client.call(operationId, { query })
  const { path } = operations[operationId]
  if (!expectStatus(context, exchange, 200, `GET ${path}${query ? `?${query}` : ''} succeeds`)) return undefined
  const response = exchange.response
  const length = response && listLength(response)
  return context.assert(length !== undefined, {
    message: 'the list is a bare JSON array',
    expected: 'an array',
    received: response?.bodyText.slice(0, 120),
    exchange,
  })
    ? { items: response?.json as Array<Resource>, length: length as number }
    : undefined
}

/**
 * What a forgiving 200 to an invalid query must still keep: a bare array of at most the list's largest page.
 * @example const items = keepsTheRules(context, 'listPets', exchange)
 */
export function keepsTheRules(context: ScenarioContext, operationId: OperationId, exchange: Exchange): Array<Resource> {
  const resource = listedResource(operationId)
  const { plural, list: spec } = resource
  const maximum = spec.limit?.maximum ?? Number.POSITIVE_INFINITY
  const body = exchange.response?.json
  const items = Array.isArray(body) ? (body as Array<Resource>) : []
  const length = exchange.response && listLength(exchange.response)
  context.assert(length !== undefined && length <= maximum, {
    message: `a forgiving answer is a bare array of at most ${maximum} ${plural}`,
    expected: `an array of at most ${maximum} ${plural}`,
    received: length !== undefined ? `${length} ${plural}` : (exchange.response?.bodyText.slice(0, 120) ?? ''),
    exchange,
    basis: resourceBasis(resource).limit,
  })
  return items
}

/**
 * The named checks of any list of the spec, from its row of `spec/resources.ts`: a bare array; exactly as many as
 * the default, a few limits and the largest page allow; every limit out of its bounds or malformed refused, or
 * forgiven within the rules.
 * @example listScenarios('listPets').map((scenario) => scenario.check)
 */
export function listScenarios(operationId: OperationId): Array<Scenario> {
  const resource = listedResource(operationId)
  const { noun, plural } = resource
  const bases = resourceBasis(resource)
  const rule = resource.list.limit
  const bareArray: Scenario = {
    check: 'list_bare_array',
    title: `${operationId} answers 200 with a bare array of ${plural}`,
    operationId,
    basis: bases.list,
    writes: false,
    async run(context) {
      await list(context, operationId)
    },
  }
  if (!rule) return [bareArray]
  const basis = bases.limit
  /** How many `limit=n` must return: exact when the total is known or large enough. */
  const expectedCount = (context: ScenarioContext, limit: number): number | undefined => {
    const { listed, created } = dataOf(context.data, operationId)
    const totalAtLeast = Math.max(listed.length, created.length)
    if (totalAtLeast >= limit) return limit
    return listed.length < rule.maximum ? totalAtLeast : undefined
  }
  const countScenario = (title: string, query: string | undefined, limit: number): Scenario => ({
    check: query === undefined ? 'list_default_limit' : 'list_limit_exact',
    title,
    operationId,
    basis,
    writes: false,
    async run(context) {
      const expected = expectedCount(context, limit)
      if (expected === undefined)
        return context.skip(
          `The target holds too few ${plural} to know how many ${rule.parameter}=${limit} must return.`,
        )
      const listed = await list(context, operationId, query)
      if (!listed) return
      context.assert(listed.length === expected, {
        message: `returns exactly min(${limit}, available) = ${expected} ${plural}`,
        expected: String(expected),
        received: String(listed.length),
      })
    },
  })
  const { parameter, minimum, maximum } = rule
  // Out of bounds on either side, negative, not a number, not an integer, empty.
  const invalidLimits = [...new Set([String(minimum - 1), String(maximum + 1), '-1', 'abc', '1.5', ''])]
  return [
    bareArray,
    countScenario(`${operationId} returns ${rule.default} ${plural} by default`, undefined, rule.default),
    ...[1, 5, 17]
      .filter((limit) => limit >= minimum && limit <= maximum)
      .map((limit) =>
        countScenario(
          `${operationId}?${parameter}=${limit} returns exactly min(${limit}, available)`,
          `${parameter}=${limit}`,
          limit,
        ),
      ),
    {
      check: 'list_limit_maximum',
      title: `${operationId}?${parameter}=${maximum} returns at most ${maximum}, exactly min(${maximum}, available)`,
      operationId,
      basis,
      writes: false,
      async run(context) {
        const listed = await list(context, operationId, `${parameter}=${maximum}`)
        if (!listed) return
        context.assert(listed.length <= maximum, {
          message: `never more than ${maximum}`,
          received: String(listed.length),
        })
        const expected = expectedCount(context, maximum)
        if (expected !== undefined)
          context.assert(listed.length >= Math.min(expected, dataOf(context.data, operationId).listed.length), {
            message: `returns every ${noun} up to the maximum`,
            expected: String(expected),
            received: String(listed.length),
          })
      },
    },
    ...invalidLimits.map(
      (limit): Scenario => ({
        check: 'invalid_limit_rejected',
        title:
          `${operationId} refuses ${parameter}=${stringifyJson(limit)} with a 4xx Error, ` +
          'or forgives it within the rules',
        operationId,
        basis,
        writes: false,
        async run(context) {
          const exchange = await context.client.call(operationId, {
            query: `${parameter}=${encodeURIComponent(limit)}`,
            alsoAccepted: clientErrors,
          })
          const verdict = expectRefusal(context, exchange, {
            preferred: 400,
            refusals: '4xx',
            forgivable: true,
            choice: specChooses.invalidQueryRefused,
            what: `${parameter}=${stringifyJson(limit)}`,
          })
          if (verdict === 'forgiven') keepsTheRules(context, operationId, exchange)
        },
      }),
    ),
  ]
}

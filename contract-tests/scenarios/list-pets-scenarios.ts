import { stringifyJson } from '../../spec/json/stringify-json.ts'
import { limitRule, petStatuses } from '../../spec/schemas.ts'
import type { Pet } from '../../spec/types.ts'
import { interfaceSays, specChooses } from '../shared/citations.ts'
import type { Exchange } from '../shared/exchange.ts'
import { listLength } from '../shared/json-cut.ts'
import type { Scenario, ScenarioContext } from '../shared/scenario.ts'
import { clientErrors, expectRefusal } from './expect-refusal.ts'
import { expectStatus } from './expect-status.ts'

/** A list's pets (for a list of thousands, the first the client kept) and how many it holds, each counted. */
interface Listed {
  pets: Array<Pet>
  length: number
}

async function list(context: ScenarioContext, query?: string): Promise<Listed | undefined> {
  const exchange = await context.client.call('listPets', { query })
  if (!expectStatus(context, exchange, 200, `GET /pets${query ? `?${query}` : ''} succeeds`)) return undefined
  const response = exchange.response
  const length = response && listLength(response)
  return context.assert(length !== undefined, {
    message: 'the list is a bare JSON array',
    expected: 'an array',
    received: response?.bodyText.slice(0, 120),
    exchange,
  })
    ? { pets: response?.json as Array<Pet>, length: length as number }
    : undefined
}

/** How many pets `limit=n` must return: exact when the total is known or large enough. */
function expectedCount(context: ScenarioContext, limit: number): number | undefined {
  const { totalAtLeast, totalExact } = context.data
  if (totalAtLeast >= limit) return limit
  return totalExact ? totalAtLeast : undefined
}

function countScenario(title: string, query: string | undefined, limit: number): Scenario {
  return {
    check: query === undefined ? 'list_default_limit' : 'list_limit_exact',
    title,
    operationId: 'listPets',
    basis: interfaceSays.limit,
    writes: false,
    async run(context) {
      const expected = expectedCount(context, limit)
      if (expected === undefined)
        return context.skip(`The target holds too few pets to know how many limit=${limit} must return.`)
      const listed = await list(context, query)
      if (!listed) return
      context.assert(listed.length === expected, {
        message: `returns exactly min(${limit}, available) = ${expected} pets`,
        expected: String(expected),
        received: String(listed.length),
      })
    },
  }
}

const invalidLimits = ['0', '101', '-1', 'abc', '1.5', '']

/** What a forgiving 200 to an invalid query must still keep: a bare array of at most 100 pets. */
function keepsTheRules(context: ScenarioContext, exchange: Exchange): Array<Pet> {
  const body = exchange.response?.json
  const pets = Array.isArray(body) ? (body as Array<Pet>) : []
  const length = exchange.response && listLength(exchange.response)
  context.assert(length !== undefined && length <= limitRule.maximum, {
    message: `a forgiving answer is a bare array of at most ${limitRule.maximum} pets`,
    expected: `an array of at most ${limitRule.maximum} pets`,
    received: length !== undefined ? `${length} pets` : (exchange.response?.bodyText.slice(0, 120) ?? ''),
    exchange,
    basis: interfaceSays.limit,
  })
  return pets
}

export const listPetsScenarios: Array<Scenario> = [
  {
    check: 'list_bare_array',
    title: 'listPets answers 200 with a bare array of pets',
    operationId: 'listPets',
    basis: interfaceSays.bareArray,
    writes: false,
    async run(context) {
      await list(context)
    },
  },
  countScenario(`listPets returns ${limitRule.default} pets by default`, undefined, limitRule.default),
  ...[1, 5, 17].map((limit) =>
    countScenario(`listPets?limit=${limit} returns exactly min(${limit}, available)`, `limit=${limit}`, limit),
  ),
  {
    check: 'list_limit_maximum',
    title:
      `listPets?limit=${limitRule.maximum} returns at most ${limitRule.maximum}, ` +
      `exactly min(${limitRule.maximum}, available)`,
    operationId: 'listPets',
    basis: interfaceSays.limit,
    writes: false,
    async run(context) {
      const listed = await list(context, `limit=${limitRule.maximum}`)
      if (!listed) return
      context.assert(listed.length <= limitRule.maximum, {
        message: `never more than ${limitRule.maximum}`,
        received: String(listed.length),
      })
      const expected = expectedCount(context, limitRule.maximum)
      if (expected !== undefined)
        context.assert(listed.length >= Math.min(expected, context.data.listed.length), {
          message: 'returns every pet up to the maximum',
          expected: String(expected),
          received: String(listed.length),
        })
    },
  },
  ...invalidLimits.map(
    (limit): Scenario => ({
      check: 'invalid_limit_rejected',
      title: `listPets refuses limit=${stringifyJson(limit)} with a 4xx Error, or forgives it within the rules`,
      operationId: 'listPets',
      basis: interfaceSays.limit,
      writes: false,
      async run(context) {
        const exchange = await context.client.call('listPets', {
          query: `limit=${encodeURIComponent(limit)}`,
          alsoAccepted: clientErrors,
        })
        const verdict = expectRefusal(context, exchange, {
          preferred: 400,
          refusals: '4xx',
          forgivable: true,
          choice: specChooses.invalidQueryRefused,
          what: `limit=${stringifyJson(limit)}`,
        })
        if (verdict === 'forgiven') keepsTheRules(context, exchange)
      },
    }),
  ),
  {
    check: 'invalid_status_rejected',
    title: 'listPets refuses an unknown status filter with a 4xx Error, or forgives it within the rules',
    operationId: 'listPets',
    basis: interfaceSays.statusFilter,
    writes: false,
    async run(context) {
      const exchange = await context.client.call('listPets', {
        query: 'status=unknown-status',
        alsoAccepted: clientErrors,
      })
      const verdict = expectRefusal(context, exchange, {
        preferred: 400,
        refusals: '4xx',
        forgivable: true,
        choice: specChooses.invalidQueryRefused,
        what: 'status=unknown-status',
      })
      if (verdict !== 'forgiven') return
      const pets = keepsTheRules(context, exchange)
      // No pet can have a status outside the enum, so a forgiving answer to this filter is empty.
      const others = pets.filter((pet) => (pet as { status?: unknown }).status !== 'unknown-status')
      const statuses = [...new Set(others.map((pet) => pet.status ?? '(none)'))].join(', ')
      context.assert(others.length === 0, {
        message: 'a forgiving answer never lists a pet of another status',
        expected: 'no pet (none has status "unknown-status")',
        received: `${others.length} pet(s) with status ${statuses}`,
        exchange,
      })
    },
  },
  ...petStatuses.map(
    (status): Scenario => ({
      check: 'status_filter',
      title: `listPets?status=${status} returns only ${status} pets, filtered before the limit`,
      operationId: 'listPets',
      basis: interfaceSays.statusFilter,
      writes: false,
      async run(context) {
        const available = context.data.statusAtLeast[status]
        if (available === 0) return context.skip(`The target holds no ${status} pet to filter on.`)
        const all = (await list(context, `status=${status}&limit=${limitRule.maximum}`))?.pets
        if (!all) return
        const others = all.filter((pet) => pet.status !== status)
        context.assert(others.length === 0, {
          message: `every pet has status ${status}`,
          expected: status,
          received: `${others.length} pet(s) with status ${[...new Set(others.map((pet) => pet.status))].join(', ')}`,
        })
        // With the filter applied after the limit, fewer than `limit` would come back.
        const limit = Math.min(5, available)
        const listed = await list(context, `status=${status}&limit=${limit}`)
        if (!listed) return
        const { pets: limited, length } = listed
        const query = `status=${status}&limit=${limit}`
        const received = `${length} pets: ${limited.map((pet) => pet.status ?? '(none)').join(', ')}`
        // Two rules meet here, each with its sentence: only pets of the status, and as many as the limit allows.
        if (!limited.every((pet) => pet.status === status))
          return void context.assert(false, {
            check: 'status_filter_before_limit',
            message: `${query} returns a pet of another status`,
            expected: `${limit} ${status} pets`,
            received,
            basis: interfaceSays.statusFilter,
          })
        context.assert(length === limit, {
          check: 'status_filter_before_limit',
          message: `${query} returns exactly ${limit} ${status} pets (${available} exist)`,
          expected: `${limit} ${status} pets`,
          received,
          basis: interfaceSays.limit,
        })
      },
    }),
  ),
]

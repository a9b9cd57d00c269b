import { listLimit } from '../../spec/resources.ts'
import { petStatuses } from '../../spec/schemas.ts'
import type { Pet } from '../../spec/types.ts'
import { interfaceSays, specChooses } from '../shared/citations.ts'
import type { Scenario, ScenarioContext } from '../shared/scenario.ts'
import { dataOf } from '../shared/suite-data.ts'
import { clientErrors, expectRefusal } from './expect-refusal.ts'
import { keepsTheRules, list as listOf, listScenarios } from './list-scenarios.ts'

const { maximum } = listLimit('listPets')

/** The pets of a list and how many it holds, or undefined when the list check failed. */
async function list(
  context: ScenarioContext,
  query?: string,
): Promise<{ pets: Array<Pet>; length: number } | undefined> {
  const listed = await listOf(context, 'listPets', query)
  return listed && { pets: listed.items as Array<Pet>, length: listed.length }
}

// The checks of every list (`listScenarios`), and on top what only the pets have: the status filter.
export const listPetsScenarios: Array<Scenario> = [
  ...listScenarios('listPets'),
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
      const pets = keepsTheRules(context, 'listPets', exchange) as Array<Pet>
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
        const available = dataOf(context.data, 'listPets').atLeast?.status?.[status] ?? 0
        if (available === 0) return context.skip(`The target holds no ${status} pet to filter on.`)
        const all = (await list(context, `status=${status}&limit=${maximum}`))?.pets
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

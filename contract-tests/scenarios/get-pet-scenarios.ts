import { stringifyJson } from '../../spec/json/stringify-json.ts'
import { interfaceSays, specChooses } from '../shared/citations.ts'
import { sameFields } from '../shared/same-fields.ts'
import type { Scenario } from '../shared/scenario.ts'
import { petsOf } from './create-pet-scenarios.ts'
import { clientErrors, expectRefusal } from './expect-refusal.ts'
import { expectStatus } from './expect-status.ts'

export const getPetScenarios: Array<Scenario> = [
  {
    check: 'get_matches_list',
    title: 'getPet answers 200 for a listed pet with the same fields',
    operationId: 'getPet',
    basis: interfaceSays.readById,
    writes: false,
    async run(context) {
      const listed = petsOf(context.data).listed.slice(0, 3)
      if (listed.length === 0) return context.skip('The target lists no pet to read back.')
      for (const pet of listed) {
        const exchange = await context.client.call('getPet', { params: { petId: pet.id } })
        if (!expectStatus(context, exchange, 200, `listed pet ${pet.id} is found`)) continue
        context.assert(sameFields(exchange.response?.json, { status: undefined, ...pet }), {
          message: `pet ${pet.id} has the fields it was listed with`,
          expected: stringifyJson(pet),
          received: exchange.response?.bodyText,
          exchange,
        })
      }
    },
  },
  {
    check: 'unknown_pet_not_found',
    title: 'getPet answers 404 with an Error for an unknown id',
    operationId: 'getPet',
    basis: interfaceSays.notFound,
    writes: false,
    async run(context) {
      const known = new Set(petsOf(context.data).listed.map((pet) => pet.id))
      const unknown = [987_654_321_987, 876_543_219_876, 765_432_198_765].find((id) => !known.has(id)) ?? -987_654_321
      expectStatus(
        context,
        await context.client.call('getPet', { params: { petId: unknown } }),
        404,
        `id ${unknown} is not found`,
      )
    },
  },
  ...['abc', '1.5'].map(
    (petId): Scenario => ({
      check: 'invalid_pet_id_rejected',
      title: `getPet answers a 4xx Error to the non-integer id ${stringifyJson(petId)}`,
      operationId: 'getPet',
      basis: interfaceSays.petIdInteger,
      writes: false,
      async run(context) {
        expectRefusal(context, await context.client.call('getPet', { params: { petId }, alsoAccepted: clientErrors }), {
          preferred: 400,
          refusals: '4xx',
          forgivable: false,
          choice: specChooses.invalidPetIdRefused,
          what: `id ${stringifyJson(petId)}`,
        })
      },
    }),
  ),
]

import { int64Max, int64Min } from '../../spec/int64.ts'
import { stringifyJson } from '../../spec/json/stringify-json.ts'
import type { Pet } from '../../spec/types.ts'
import { interfaceSays } from '../shared/citations.ts'
import type { Scenario } from '../shared/scenario.ts'
import { isPet } from './create-pet-scenarios.ts'
import { expectStatus } from './expect-status.ts'

/**
 * int64 values a double cannot hold: the first integer JSON.parse rounds (2^53 + 1), and the ends of the range.
 * Whether a service must accept any category id is left open, so a 400 is as good as a faithful 201.
 */
const unsafeInt64Values: ReadonlyArray<bigint> = [2n ** 53n + 1n, int64Max, int64Min]

export const int64Scenarios: Array<Scenario> = unsafeInt64Values.map((categoryId) => ({
  check: 'int64_exact',
  title: `createPet keeps categoryId ${categoryId} to the digit, or refuses it with 400`,
  operationId: 'createPet',
  basis: interfaceSays.categoryIdInt64,
  writes: true,
  async run(context) {
    const sent = { name: `${context.data.runTag}-int64`, categoryId }
    const exchange = await context.client.call('createPet', { json: sent })
    if (exchange.response?.status !== 201) {
      expectStatus(context, exchange, 400, `categoryId ${categoryId} is stored (201) or refused (400)`)
      return
    }
    const pet = exchange.response.json as Pet
    if (!isPet(pet)) return // response_schema_conformance reports it
    context.assert(pet.categoryId === categoryId, {
      message: 'the created pet carries the categoryId that was sent, not a rounded one',
      expected: String(categoryId),
      received: stringifyJson(pet.categoryId),
      exchange,
    })
    const read = await context.client.call('getPet', { params: { petId: pet.id } })
    if (!expectStatus(context, read, 200, 'the created pet is found')) return
    const readPet = read.response?.json as Pet
    context.assert(readPet?.categoryId === categoryId, {
      message: 'the pet read back carries the categoryId that was sent',
      expected: String(categoryId),
      received: stringifyJson(readPet?.categoryId),
      exchange: read,
    })
  },
}))

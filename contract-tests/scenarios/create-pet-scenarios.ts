import { stringifyJson } from '../../spec/json/stringify-json.ts'
import { isResource, resources } from '../../spec/resources.ts'
import type { NewPet, Pet } from '../../spec/types.ts'
import { interfaceSays, specChooses } from '../shared/citations.ts'
import { sameFields } from '../shared/same-fields.ts'
import type { Scenario, ScenarioContext } from '../shared/scenario.ts'
import { dataOf, type SuiteData } from '../shared/suite-data.ts'
import { expectRefusal } from './expect-refusal.ts'
import { expectStatus } from './expect-status.ts'

/**
 * Whether a value has the fields of a Pet the suite relies on (`isResource` by the `Pet` schema: an int64 id, a
 * name, an int64 categoryId).
 * @example isPet({ id: 1, name: 'Rex', categoryId: 2 }) // true
 */
export function isPet(value: unknown): value is Pet {
  return isResource(resources.createPet as NonNullable<(typeof resources)['createPet']>, value)
}

/**
 * The pets the run created and listed before the scenarios.
 * @example petsOf(context.data).created
 */
export function petsOf(data: Pick<SuiteData, 'resources'>): { created: Array<Pet>; listed: Array<Pet> } {
  const { created, listed } = dataOf(data, 'createPet')
  return { created: created.filter(isPet), listed: listed.filter(isPet) }
}

async function create(context: ScenarioContext, newPet: NewPet & Record<string, unknown>): Promise<Pet | undefined> {
  const exchange = await context.client.call('createPet', { json: newPet })
  if (!expectStatus(context, exchange, 201, 'a valid new pet is created with 201')) return undefined
  const pet = exchange.response?.json
  return context.assert(isPet(pet), {
    message: 'the 201 body is a Pet with an integer id',
    received: exchange.response?.bodyText,
    exchange,
  })
    ? (pet as Pet)
    : undefined
}

export const createPetScenarios: Array<Scenario> = [
  {
    check: 'create_echo',
    title: 'createPet answers 201 with the pet it was sent and a new integer id',
    operationId: 'createPet',
    basis: interfaceSays.created,
    writes: true,
    async run(context) {
      const sent = { name: `${context.data.runTag}-echo`, categoryId: 42, status: 'pending' as const }
      const pet = await create(context, sent)
      if (!pet) return
      for (const field of ['name', 'categoryId', 'status'] as const) {
        context.assert(pet[field] === sent[field], {
          message: `"${field}" is echoed`,
          expected: stringifyJson(sent[field]),
          received: stringifyJson(pet[field]),
        })
      }
    },
  },
  {
    check: 'create_without_status',
    title: 'createPet without a status (the status that comes back is left open)',
    operationId: 'createPet',
    basis: interfaceSays.statusEnum,
    writes: true,
    async run(context) {
      const pet = await create(context, { name: `${context.data.runTag}-no-status`, categoryId: 3 })
      if (!pet) return
      context.assert(pet.name === `${context.data.runTag}-no-status` && pet.categoryId === 3, {
        message: 'name and categoryId are echoed',
        received: stringifyJson(pet),
      })
      // Outside the enum is a violation the schema check reports; inside it, a choice the interface leaves open.
      if (pet.status !== undefined)
        context.observe({
          message: `A pet created without a status came back with status ${stringifyJson(pet.status)}.`,
          expected: 'no status',
          received: stringifyJson(pet.status),
          basis: specChooses.noDefaultStatus,
        })
    },
  },
  {
    check: 'create_unique_id',
    title: 'every created pet gets its own id',
    operationId: 'createPet',
    basis: interfaceSays.uniqueId,
    writes: true,
    async run(context) {
      const created = [...petsOf(context.data).created]
      for (let index = 0; index < 3; index++) {
        const pet = await create(context, { name: `${context.data.runTag}-unique-${index}`, categoryId: 1 })
        if (pet) created.push(pet)
      }
      if (created.length < 2) return context.skip('Fewer than two pets could be created, so ids cannot be compared.')
      const ids = created.map((pet) => pet.id)
      const duplicates = ids.filter((id, index) => ids.indexOf(id) !== index)
      context.assert(duplicates.length === 0, {
        message: `${created.length} created pets have distinct ids`,
        expected: 'distinct ids',
        received: `repeated: ${[...new Set(duplicates)].join(', ')}`,
      })
    },
  },
  {
    check: 'created_readable',
    title: 'a created pet is readable through GET /pets/{petId} with the same fields',
    operationId: 'getPet',
    basis: interfaceSays.readById,
    writes: true,
    async run(context) {
      const pet = await create(context, { name: `${context.data.runTag}-readable`, categoryId: 8, status: 'sold' })
      if (!pet) return
      const exchange = await context.client.call('getPet', { params: { petId: pet.id } })
      if (!expectStatus(context, exchange, 200, 'the created pet is found')) return
      const read = exchange.response?.json as Pet
      context.assert(sameFields(read, { status: undefined, ...pet }), {
        message: 'the pet read back has the fields it was created with',
        expected: stringifyJson(pet),
        received: exchange.response?.bodyText,
        exchange,
      })
    },
  },
  {
    check: 'client_id_ignored',
    title: 'a client-sent id never overwrites an existing pet',
    operationId: 'createPet',
    basis: interfaceSays.uniqueId,
    writes: true,
    async run(context) {
      const existing = petsOf(context.data).created[0] ?? petsOf(context.data).listed[0]
      if (!existing) return context.skip('No existing pet is known to try to overwrite.')
      const name = `${context.data.runTag}-impostor`
      const exchange = await context.client.call('createPet', {
        json: { id: existing.id, name, categoryId: 99 },
        alsoAccepted: [409, 422],
      })
      const status = exchange.response?.status ?? 0
      if (status === 201) {
        const pet = exchange.response?.json as Pet
        context.assert(pet.id !== existing.id, {
          message: 'the new pet gets an id of its own',
          expected: `an id other than ${existing.id}`,
          received: String(pet.id),
          exchange,
        })
      } else if (status >= 400 && status < 500) {
        context.observe({
          message: `A pet with a client-sent id is refused with ${status}; the spec creates it with an id of its own`,
          expected: '201',
          received: String(status),
          exchange,
          basis: specChooses.clientIdIgnored,
        })
      } else {
        context.assert(false, {
          message: 'a pet with a client-sent id is created (201) or refused (4xx)',
          expected: '201 or 4xx',
          received: String(status),
          exchange,
        })
      }
      const check = await context.client.call('getPet', { params: { petId: existing.id } })
      if (!expectStatus(context, check, 200, 'the existing pet is still found')) return
      context.assert(sameFields(check.response?.json, { status: undefined, ...existing }), {
        message: 'the existing pet is unchanged',
        expected: stringifyJson(existing),
        received: check.response?.bodyText,
        exchange: check,
      })
    },
  },
]

/** Bodies `POST /pets` must refuse with 400 and an Error. */
const invalidBodies: ReadonlyArray<[title: string, body: string]> = [
  ['a missing name', '{"categoryId":1}'],
  ['a missing categoryId', '{"name":"Rex"}'],
  ['an empty object', '{}'],
  ['a string categoryId', '{"name":"Rex","categoryId":"1"}'],
  ['a fractional categoryId', '{"name":"Rex","categoryId":1.5}'],
  ['a null categoryId', '{"name":"Rex","categoryId":null}'],
  ['a null name', '{"name":null,"categoryId":1}'],
  ['a numeric name', '{"name":7,"categoryId":1}'],
  ['a status outside the enum', '{"name":"Rex","categoryId":1,"status":"lost"}'],
  ['a null status', '{"name":"Rex","categoryId":1,"status":null}'],
  ['an array body', '[{"name":"Rex","categoryId":1}]'],
  ['a string body', '"Rex"'],
  ['a number body', '42'],
  ['a null body', 'null'],
  ['invalid JSON', '{"name":"Rex",'],
  ['an empty body', ''],
]

export const invalidBodyScenarios: Array<Scenario> = invalidBodies.map(([title, body]) => ({
  check: 'invalid_body_rejected',
  title: `createPet answers 400 with an Error to ${title}`,
  operationId: 'createPet',
  basis: interfaceSays.invalidBody,
  writes: true,
  async run(context) {
    const exchange = await context.client.call('createPet', { body, contentType: 'application/json' })
    expectStatus(context, exchange, 400, `${title} is refused`)
  },
}))

/**
 * A valid pet sent with a Content-Type other than JSON. The interface says bodies are JSON and promises
 * nothing for a body labelled otherwise: refused with 400 (the spec's choice) or 415, or accepted as the
 * JSON it is (a deviation), but never stored changed.
 */
export const mediaTypeScenarios: Array<Scenario> = ['text/plain', 'application/x-www-form-urlencoded'].map(
  (contentType): Scenario => ({
    check: 'unsupported_media_type_rejected',
    title: `createPet refuses a ${contentType} body with 400 or 415, or takes it as the JSON it is`,
    operationId: 'createPet',
    basis: interfaceSays.jsonBodies,
    writes: true,
    async run(context) {
      const sent = { name: `${context.data.runTag}-media-type`, categoryId: 1 }
      const exchange = await context.client.call('createPet', {
        body: JSON.stringify(sent),
        contentType,
        alsoAccepted: [415],
      })
      if (exchange.response?.status !== 201)
        return void expectRefusal(context, exchange, {
          preferred: 400,
          refusals: [400, 415],
          forgivable: false,
          choice: specChooses.mediaTypeRefused,
          what: `a ${contentType} body`,
        })
      const pet = exchange.response.json as Pet
      if (
        !context.assert(isPet(pet) && pet.name === sent.name && pet.categoryId === sent.categoryId, {
          message: `a ${contentType} body taken as JSON is stored as sent`,
          expected: stringifyJson(sent),
          received: exchange.response.bodyText,
          exchange,
        })
      )
        return
      context.observe({
        message: `a ${contentType} body is taken as JSON (201); the spec refuses it with 400`,
        expected: '400',
        received: '201',
        exchange,
        basis: specChooses.mediaTypeRefused,
      })
    },
  }),
)

import type fc from 'fast-check'
import { stringifyJson } from '../../spec/json/stringify-json.ts'
import type { NewPet, Pet, PetStatus } from '../../spec/types.ts'
import { interfaceSays } from '../model/citations.ts'
import type { ContractCaller } from '../model/contract-caller.ts'
import { type Basis, type Exchange, statusOf } from '../model/exchange.ts'
import { sameFields } from '../model/same-fields.ts'
import { isPet } from '../model/suite-data.ts'
import { ModelViolation } from './model-violation.ts'
import type { PetKnowledge } from './pet-knowledge.ts'

/** What every command works on: the knowledge (the model) and the target (the real system). */
export interface StatefulWorld {
  knowledge: PetKnowledge
  client: ContractCaller
  /** Requests in flight at once when a command sends several. */
  concurrency: number
  /** The limit the spec gives a list without one. */
  defaultLimit: number
}

type Command = fc.AsyncCommand<PetKnowledge, StatefulWorld>

/** A registry check that failed on the exchange is a violation of the run as much as the model's own. */
function assertRegistry(exchange: Exchange): void {
  const failed = exchange.results.find((result) => result.outcome === 'failed')
  if (failed)
    throw new ModelViolation(
      `[${failed.check}] ${failed.message}`,
      failed.basis ?? interfaceSays.responses,
      exchange,
      failed.expected,
      failed.received,
    )
}

/** Creates one pet and checks what the interface promises of it: 201, the fields sent, an id never seen. */
async function createOne(world: StatefulWorld, newPet: NewPet): Promise<{ pet: Pet; exchange: Exchange }> {
  const exchange = await world.client.call('createPet', { json: newPet, record: false })
  assertRegistry(exchange)
  const pet = exchange.response?.json
  if (exchange.response?.status !== 201 || !isPet(pet))
    throw new ModelViolation(
      `a valid pet got ${statusOf(exchange)}`,
      interfaceSays.created,
      exchange,
      '201 with the pet',
      exchange.response?.bodyText,
    )
  if (!sameFields(pet, newPet))
    throw new ModelViolation(
      'the created pet differs from what was sent',
      interfaceSays.created,
      exchange,
      stringifyJson(newPet),
      exchange.response.bodyText,
    )
  if (world.knowledge.has(pet.id))
    throw new ModelViolation(
      `the new pet got id ${pet.id}, which an earlier pet already has`,
      interfaceSays.uniqueId,
      exchange,
      'an id of its own',
      String(pet.id),
    )
  return { pet: { ...newPet, ...pet }, exchange }
}

/** Runs `tasks` with at most `limit` in flight. */
async function pooled<T>(tasks: Array<() => Promise<T>>, limit: number): Promise<Array<T>> {
  const results: Array<T> = []
  let next = 0
  const worker = async () => {
    while (next < tasks.length) {
      const index = next++
      results[index] = await (tasks[index] as () => Promise<T>)()
    }
  }
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, tasks.length)) }, worker))
  return results
}

/** Creates pets, several at once: every id distinct from each other and from every known one. */
export class CreatePets implements Command {
  constructor(readonly newPets: ReadonlyArray<NewPet>) {}
  check = () => true
  async run(knowledge: PetKnowledge, world: StatefulWorld): Promise<void> {
    const created = await pooled(
      this.newPets.map((newPet) => () => createOne(world, newPet)),
      world.concurrency,
    )
    const ids = created.map(({ pet }) => String(pet.id))
    const second = ids.findIndex((id, index) => ids.indexOf(id) !== index)
    const repeated = ids[second]
    if (repeated !== undefined)
      throw new ModelViolation(
        `${created.length} pets created at once share id ${repeated}`,
        interfaceSays.uniqueId,
        created[second]?.exchange,
        'distinct ids',
        ids.join(', '),
      )
    for (const { pet } of created) knowledge.add(pet)
  }
  toString = () => `createPets(${this.newPets.length})`
}

/** Creates pets until the store holds at least `total` (past the default page, past the largest one). */
export class GrowStore implements Command {
  constructor(
    readonly total: number,
    readonly newPet: (index: number) => NewPet,
  ) {}
  check = (knowledge: Readonly<PetKnowledge>) => knowledge.size < this.total
  async run(knowledge: PetKnowledge, world: StatefulWorld): Promise<void> {
    const missing = this.total - knowledge.size
    await new CreatePets(Array.from({ length: missing }, (_, index) => this.newPet(index))).run(knowledge, world)
  }
  toString = () => `growStore(${this.total})`
}

/** Reads a known pet by id: exactly the fields it was created (or first listed) with. */
export class GetPet implements Command {
  constructor(readonly index: number) {}
  check = (knowledge: Readonly<PetKnowledge>) => knowledge.size > 0
  async run(knowledge: PetKnowledge, world: StatefulWorld): Promise<void> {
    const known = knowledge.pick(this.index)
    if (!known) return
    const exchange = await world.client.call('getPet', { params: { petId: known.id }, record: false })
    assertRegistry(exchange)
    const pet = exchange.response?.json
    if (exchange.response?.status !== 200 || !isPet(pet) || pet.id !== known.id || !sameFields(pet, known))
      throw new ModelViolation(
        `pet ${known.id} read back as ${statusOf(exchange)}`,
        interfaceSays.readById,
        exchange,
        `200 ${stringifyJson(known)}`,
        exchange.response?.bodyText,
      )
  }
  toString = () => `getPet(#${this.index})`
}

/**
 * Lists with a limit and a status filter, each optional: at most `limit` pets, only of that status, none
 * twice, the known ones with their known fields; a page shorter than its limit holds every known match.
 */
export class ListPets implements Command {
  constructor(
    readonly limit: number | undefined,
    readonly status: PetStatus | undefined,
  ) {}
  check = () => true
  async run(knowledge: PetKnowledge, world: StatefulWorld): Promise<void> {
    const query = [this.limit !== undefined && `limit=${this.limit}`, this.status && `status=${this.status}`]
      .filter(Boolean)
      .join('&')
    knowledge.listQueries.push({ limit: this.limit, status: this.status })
    const exchange = await world.client.call('listPets', { query: query || undefined, record: false })
    assertRegistry(exchange)
    const pets = exchange.response?.json
    const limit = this.limit ?? world.defaultLimit
    const fail = (message: string, expected?: string, basis: Basis = interfaceSays.limit) =>
      new ModelViolation(message, basis, exchange, expected, exchange.response?.bodyText.slice(0, 300))
    if (exchange.response?.status !== 200 || !Array.isArray(pets))
      throw fail(`the list got ${statusOf(exchange)}`, '200 with an array', interfaceSays.bareArray)
    if (pets.length > limit) throw fail(`${pets.length} pets in a list limited to ${limit}`, `at most ${limit}`)
    const ids = new Set<string>()
    for (const pet of pets as Array<Pet>) {
      if (this.status !== undefined && pet?.status !== this.status)
        throw fail(
          `a ${stringifyJson(pet?.status)} pet in a list filtered by status=${this.status}`,
          `only ${this.status} pets`,
          interfaceSays.statusFilter,
        )
      if (ids.has(String(pet?.id)))
        throw fail(`pet ${pet?.id} appears twice in one list`, 'each pet once', interfaceSays.uniqueId)
      ids.add(String(pet?.id))
      const known = knowledge.get(pet?.id)
      if (known && !sameFields(pet, known))
        throw fail(
          `pet ${pet.id} is listed with other fields than it has`,
          stringifyJson(known),
          interfaceSays.readById,
        )
    }
    if (pets.length >= limit) return
    // A page shorter than its limit is the whole of the matching pets: none the run knows may be missing.
    const lost = knowledge.matching(this.status).filter((pet) => !ids.has(String(pet.id)))
    if (lost.length > 0)
      throw fail(
        `${pets.length} pets returned for limit ${limit} though at least ${pets.length + lost.length} match; ` +
          `missing: ${lost
            .slice(0, 5)
            .map((pet) => pet.id)
            .join(', ')}`,
        `exactly min(${limit}, matching) pets`,
      )
  }
  toString = () =>
    `listPets(${[this.limit !== undefined && `limit=${this.limit}`, this.status && `status=${this.status}`]
      .filter(Boolean)
      .join('&')})`
}

/**
 * Lists with a limit at the edge of how many pets the run knows to match a filter: exactly that many, one
 * fewer and one more, where an off-by-one in paging shows (a page one short, or one too long).
 */
export class ListAtBoundary implements Command {
  constructor(
    readonly status: PetStatus | undefined,
    readonly delta: -1 | 0 | 1,
    readonly bounds: { minimum: number; maximum: number },
  ) {}
  private limitFor(knowledge: Readonly<PetKnowledge>): number {
    return knowledge.matching(this.status).length + this.delta
  }
  check = (knowledge: Readonly<PetKnowledge>) => {
    const limit = this.limitFor(knowledge)
    return limit >= this.bounds.minimum && limit <= this.bounds.maximum
  }
  async run(knowledge: PetKnowledge, world: StatefulWorld): Promise<void> {
    await new ListPets(this.limitFor(knowledge), this.status).run(knowledge, world)
  }
  toString = () => {
    const offset = this.delta === 0 ? '' : this.delta > 0 ? '+1' : '-1'
    return `listAtBoundary(${this.status ?? 'any'}, matching${offset})`
  }
}

/** Asks an earlier list again: after creates, a stale (cached) answer shows. */
export class RepeatList implements Command {
  constructor(readonly index: number) {}
  check = (knowledge: Readonly<PetKnowledge>) => knowledge.listQueries.length > 0
  async run(knowledge: PetKnowledge, world: StatefulWorld): Promise<void> {
    const query = knowledge.listQueries[this.index % knowledge.listQueries.length]
    if (query) await new ListPets(query.limit, query.status).run(knowledge, world)
  }
  toString = () => `repeatList(#${this.index})`
}

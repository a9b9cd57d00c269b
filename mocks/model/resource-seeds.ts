/**
 * The records each kind of resource starts with, by the operation that creates it (`spec/resources.ts`), each a
 * body that operation takes: a model checks them against its request schema when it first serves the kind, and
 * numbers them 1, 2, … in this order. The pets are seeded apart (`seed-pets.ts`, `fixtures/pets.json`); a kind
 * with no entry here starts empty.
 * @example resourceSeeds.createCategory // [{ name: 'Dogs' }, { name: 'Cats' }]
 */
export const resourceSeeds: Readonly<Record<string, ReadonlyArray<Readonly<Record<string, unknown>>>>> = {}

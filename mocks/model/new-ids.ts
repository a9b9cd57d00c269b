// faker's locale-free entry point, as the seeding uses it: UUIDs and values of a pattern need no locale data.
import { faker } from '@faker-js/faker/locale/base'
import type { PathParameterValue, PathValue } from '../../spec/path-value.ts'

/** The part of an id's JSON Schema the mock makes ids from. */
interface IdSchema {
  type?: unknown
  format?: unknown
  pattern?: unknown
  minLength?: unknown
  minimum?: unknown
}

/** Draws the id numbered `serial` (1, 2, …) of a collection seeded with `seed`: the same pair, the same id. */
type IdDraw = (serial: number, seed: number) => PathParameterValue

/** How many draws a pattern or a format gets to find an id no record has before the collection gives up. */
const attempts = 100

/** A failure to make an id the spec's schema admits. */
export class IdSchemaError extends TypeError {
  override name = 'IdSchemaError'
}

function drawOf(schema: IdSchema): IdDraw {
  if (schema.type === 'integer') {
    const first = typeof schema.minimum === 'number' && schema.minimum > 1 ? schema.minimum : 1
    return (serial) => first + serial - 1
  }
  if (schema.format === 'uuid')
    return (serial, seed) => {
      faker.seed([seed, serial])
      return faker.string.uuid()
    }
  if (typeof schema.pattern === 'string') {
    // A RegExp, not its text: faker reads `^` and `$` as anchors only then.
    const pattern = new RegExp(schema.pattern, 'u')
    return (serial, seed) => {
      faker.seed([seed, serial])
      return faker.helpers.fromRegExp(pattern)
    }
  }
  const width = typeof schema.minLength === 'number' ? schema.minLength : 1
  return (serial) => String(serial).padStart(width, '0')
}

/**
 * The ids of one collection, made from its id's schema: a sequence for an integer (from 1, or its minimum), a UUID
 * for `format: uuid`, a value its `pattern` admits (faker's `fromRegExp`), else the sequence as text. UUIDs and
 * patterns are drawn from the model's seed and the id's place in the sequence, so a reset gives the same ids again.
 * @example const ids = newIds(resources.createOwner.id, 1); ids.next(new Set()) // '3f8a…'
 */
export function newIds(id: { schema: IdSchema; value: PathValue }, seed: number) {
  const draw = drawOf(id.schema)
  let serial = 0
  return {
    /**
     * The next id, one `taken` does not hold (by its text).
     * @throws IdSchemaError when the schema admits no id the mock can make, or no free one is found
     */
    next(taken: { has(text: string): boolean }): PathParameterValue {
      for (let attempt = 0; attempt < attempts; attempt++) {
        const value = draw(++serial, seed)
        const read = id.value.read(String(value))
        if (read === undefined)
          throw new IdSchemaError(
            `Failed to make an id: expected ${id.value.admits}, made ${JSON.stringify(String(value))}. Give the ` +
              'id an integer type, format: uuid, or a pattern the mock can draw from.',
          )
        if (!taken.has(String(read))) return read
      }
      throw new IdSchemaError(`Failed to make an id: ${attempts} draws of ${id.value.admits} were all taken.`)
    },
    /** Back to the first id: what a reset does. */
    restart(at = 0): void {
      serial = at
    },
  }
}

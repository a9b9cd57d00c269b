import fc from 'fast-check'
import { stringifyJson } from '../../spec/json/stringify-json.ts'
import type { Pet } from '../../spec/types.ts'
import { interfaceSays, specChooses } from '../shared/citations.ts'
import { statusOf } from '../shared/exchange.ts'
import { sameFields } from '../shared/same-fields.ts'
import type { Scenario } from '../shared/scenario.ts'
import { isPet } from '../shared/suite-data.ts'
import type { ExploreOptions } from './explore-options.ts'
import { exploreProperty, type Judgement } from './explore-property.ts'
import { laxInteger } from './lax-integer.ts'
import { edgeParameterTexts, invalidParameterTexts, validParameterText } from './query-values.ts'
import { specParameters } from './spec-parameters.ts'
import { isClientError, responseStatus, verdict } from './verdict.ts'

type IdCase = { kind: 'known' | 'int64' | 'invalid'; text: string; pet?: Pet }

/**
 * A malformed id is refused with a 4xx; a server that reads it laxly, as the number it spells (`1.0`,
 * ` 1`), may answer with the pet of exactly that id (a deviation), never with another pet.
 */
function judgeMalformed(text: string, exchange: Parameters<typeof verdict>[0]): Judgement {
  if (isClientError(exchange)) return verdict(exchange, true, '', '')
  const read = exchange.response?.json as Pet
  const number = laxInteger(text)
  if (responseStatus(exchange) === 200 && isPet(read) && number !== undefined && String(read.id) === String(number))
    return {
      ...verdict(exchange, true, '', ''),
      deviation: `getPet reads the malformed id ${stringifyJson(text)} as ${number} and answers that pet`,
      deviationKey: 'getPet reads a malformed id laxly',
    }
  const answered = responseStatus(exchange) === 200 && isPet(read) ? ` with pet ${String(read.id)}` : ''
  return verdict(
    exchange,
    false,
    `the malformed id ${stringifyJson(text)} got ${statusOf(exchange)}${answered}`,
    number === undefined ? 'a 4xx Error' : `a 4xx Error, or 200 with pet ${number}`,
  )
}

/**
 * The generated getPet check: a known id answers that pet, another int64 404 (or its pet), a malformed id
 * a 4xx (or, read laxly, the pet of exactly the number it spells).
 * @example generatedGetPetScenario(exploreOptions({ seed: 1 }))
 */
export function generatedGetPetScenario(options: ExploreOptions): Scenario {
  return {
    check: 'generated_get_pet',
    title: 'generated: getPet answers every id: the pet, 404, or a 4xx for a malformed id',
    operationId: 'getPet',
    basis: interfaceSays.readById,
    writes: false,
    explores: true,
    run: (context) => {
      const petIdSchema = specParameters('getPet').find((p) => p.in === 'path')?.schema ?? {}
      const known = [...context.data.created, ...context.data.listed]
      const malformed = invalidParameterTexts(petIdSchema).filter((text) => text.trim() !== '')
      const invalid = (text: string): IdCase => ({ kind: 'invalid', text })
      return exploreProperty(context, options, {
        promise: 'getPet answers a known id with that pet, another int64 with 404 (or its pet), anything else a 4xx',
        deviationBasis: specChooses.invalidPetIdRefused,
        arbitrary: fc.oneof(
          ...(known.length > 0
            ? [fc.constantFrom(...known).map((pet): IdCase => ({ kind: 'known', text: String(pet.id), pet }))]
            : []),
          validParameterText(petIdSchema).map((text): IdCase => ({ kind: 'int64', text })),
          fc.constantFrom(...malformed).map(invalid),
        ),
        // Every pet this run created is read back, whatever else the store holds: a big store's first page
        // must not decide whether the check meets one of them.
        // So is every edge of the id's type (0, ±1, 2^53 ± 1, the int64 extremes) and every malformed form.
        examples: [
          ...context.data.created.map((pet): IdCase => ({ kind: 'known', text: String(pet.id), pet })),
          ...edgeParameterTexts(petIdSchema).map((text): IdCase => ({ kind: 'int64', text })),
          ...malformed.map(invalid),
        ],
        judge: async ({ kind, text, pet }, client) => {
          const exchange = await client.call('getPet', {
            params: { petId: encodeURIComponent(text) },
            alsoAccepted: kind === 'invalid' ? [400, 404, 422] : [],
          })
          if (kind === 'invalid') return judgeMalformed(text, exchange)
          const expected = pet ?? context.data.listed.find((p) => String(p.id) === text)
          const read = exchange.response?.json as Pet
          if (expected) {
            const same = responseStatus(exchange) === 200 && isPet(read) && String(read.id) === text
            return verdict(
              exchange,
              same && sameFields(read, { status: undefined, ...expected }),
              `the known pet ${text} read back as ${statusOf(exchange)} ${exchange.response?.bodyText.slice(0, 120)}`,
              `200 ${stringifyJson(expected)}`,
            )
          }
          const ok =
            responseStatus(exchange) === 404 ||
            (responseStatus(exchange) === 200 && isPet(read) && String(read.id) === text)
          return verdict(
            exchange,
            ok,
            `the id ${text} got ${statusOf(exchange)}`,
            '404, or 200 with the pet of that id',
          )
        },
      })
    },
  }
}

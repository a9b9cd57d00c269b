import fc from 'fast-check'
import { operations } from '../../spec/operations.ts'
import type { OperationId } from '../../spec/types.ts'
import { type JsonSchema, requestBodySchema, resolve } from '../values/spec-parameters.ts'
import { fitted, stringValues } from '../values/string-values.ts'

/**
 * Names the stateful phase gives: plain, accented, right to left, with a space. Letters only: an emoji or a
 * symbol is an edge value a conformant server may refuse (the strings checks try those), never a typical one.
 */
const typicalTexts = ['rex', 'ÉLAN Zoë', 'שלום', 'a b'] as const

/** What a typical body is made of: the run's tag, and the values the target already uses. */
export interface TypicalValues {
  runTag: string
  /**
   * What the target already holds of the kind an operation creates (its creator's data): an integer field takes only
   * values they use (a category that exists).
   */
  known(operationId: OperationId): ReadonlyArray<Readonly<Record<string, unknown>>>
}

/**
 * Typical bodies for an operation, from its request body schema: every string of free text the run's tag, a
 * typical text and a serial (so each is told apart and traced to the run), fitted to its lengths; every string of a
 * format or a pattern a typical value of it (`stringValues`); every enum one of its values; every integer one the
 * target already uses for that field (else the spec's example); an optional field sometimes left out. Never an edge
 * value: the stateful phase judges sequences, not what a field accepts.
 * @example fc.sample(typicalBodies('createPet', { runTag: 'run1', known: () => pets }), 2)
 */
export function typicalBodies(operationId: OperationId, values: TypicalValues): fc.Arbitrary<Record<string, unknown>> {
  const schema = requestBodySchema(operationId)
  const sample = (operations[operationId].sample.json ?? {}) as Record<string, unknown>
  let serial = 0
  const fields = Object.entries(resolve(schema ?? {}).properties ?? {}).map(([name, property]) => {
    const resolved = resolve(property)
    const freeText = resolved.type === 'string' && !resolved.enum && !stringValues(resolved).formatted
    const value = fieldValue(name, resolved, sample[name], values.known(operationId)).map((chosen) =>
      freeText && typeof chosen === 'string' ? fitted(resolved, `${values.runTag}-${chosen}-${serial++}`, 1) : chosen,
    )
    const required = schema?.required?.includes(name) ?? false
    return [name, required ? value : fc.option(value, { nil: undefined })] as const
  })
  return fc
    .record(Object.fromEntries(fields))
    .map((body) => Object.fromEntries(Object.entries(body).filter(([, value]) => value !== undefined)))
}

function fieldValue(
  name: string,
  schema: JsonSchema,
  example: unknown,
  known: ReadonlyArray<Readonly<Record<string, unknown>>>,
): fc.Arbitrary<unknown> {
  if (schema.enum) return fc.constantFrom(...schema.enum)
  if (schema.type === 'string' && stringValues(schema).formatted) return stringValues(schema).typical
  if (schema.type === 'string') return fc.constantFrom(...typicalTexts)
  if (schema.type === 'integer') {
    const used = [...new Set(known.map((item) => item[name]).filter((value) => value !== undefined))]
    return fc.constantFrom(...(used.length > 0 ? used : [example ?? 1]))
  }
  return fc.constant(example)
}

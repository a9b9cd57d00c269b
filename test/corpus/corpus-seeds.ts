import { proofSeeds } from '../variants/proof-seeds.ts'

/**
 * How many of the proof seeds the corpus runs under; unset, all ten. `npm test` sets it, and PETSTORE_CORPUS_SHAPES
 * (corpus-cases.ts; docs/development.md).
 */
const variable = 'PETSTORE_CORPUS_SEEDS'

/**
 * The proof seeds the corpus judges its servers under: all ten, or the first N when PETSTORE_CORPUS_SEEDS=N. `npm test`
 * runs the first two to stay within its ten minutes; `npx vitest run test/corpus` (and `.ci/run` after `npm test`)
 * runs all ten (decision records 033 and 034).
 * @example corpusSeeds() // [1, 7] with PETSTORE_CORPUS_SEEDS=2
 */
export function corpusSeeds(): ReadonlyArray<number> {
  const value = process.env[variable]
  if (value === undefined || value === '') return proofSeeds
  const count = Number(value)
  if (!Number.isInteger(count) || count < 1 || count > proofSeeds.length)
    throw new Error(
      `Failed to read ${variable}: expected a whole number from 1 to ${proofSeeds.length}, got "${value}".`,
    )
  return proofSeeds.slice(0, count)
}

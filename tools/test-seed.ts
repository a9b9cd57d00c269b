/** The environment variable that sets the seed of every test that draws random inputs: to replay a failure. */
export const testSeedVariable = 'PETSTORE_TEST_SEED'

/** The seed under CI (`CI` set): a release gate must give the same verdict for the same code. */
export const ciTestSeed = 20261122

/**
 * A seed from its text (a 32-bit integer), or a fresh one when there is none.
 * @example const seed = parseSeed(process.env.FUZZ_SEED) // fresh when unset
 */
export function parseSeed(text: string | undefined): number {
  if (text === undefined || text === '') return Math.floor(Math.random() * 2 ** 31)
  const seed = /^-?[0-9]{1,10}$/.test(text) ? Number(text) : Number.NaN
  if (!Number.isSafeInteger(seed) || seed < -(2 ** 31) || seed >= 2 ** 31) {
    throw new TypeError(`Failed to read the seed: expected a 32-bit integer, got ${JSON.stringify(text)}.`)
  }
  return seed
}

/**
 * The seed of the tests: `PETSTORE_TEST_SEED` when set, else `ciTestSeed` under CI, else a fresh one (a local
 * run explores further). Drawn once when this module loads, so that fast-check's global seed (set up for every
 * test file) and the seed a test file prints and passes on are the same.
 * @example fc.configureGlobal({ seed: testSeed })
 */
export const testSeed: number = seedOf(process.env)

/**
 * The seed an environment gives the tests (see `testSeed`).
 * @example seedOf({ CI: 'true' }) // 20261122
 */
export function seedOf(environment: Record<string, string | undefined>): number {
  const given = environment[testSeedVariable]
  if (given) {
    try {
      return parseSeed(given)
    } catch {
      throw new TypeError(
        `Failed to read ${testSeedVariable}: expected a 32-bit integer, got ${JSON.stringify(given)}.`,
      )
    }
  }
  return environment.CI ? ciTestSeed : parseSeed(undefined)
}

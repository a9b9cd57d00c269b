/**
 * The seed for a fuzz run: `FUZZ_SEED` when set (to replay a failure), else a fresh one, which
 * the caller prints so that any run can be replayed.
 * @example const seed = fuzzSeed(process.env.FUZZ_SEED)
 */
export function fuzzSeed(fromEnvironment: string | undefined): number {
  if (fromEnvironment === undefined || fromEnvironment === '') return Math.floor(Math.random() * 2 ** 31)
  const seed = /^-?[0-9]{1,10}$/.test(fromEnvironment) ? Number(fromEnvironment) : Number.NaN
  if (!Number.isSafeInteger(seed) || seed < -(2 ** 31) || seed >= 2 ** 31) {
    throw new TypeError(
      `Failed to read the fuzz seed: expected a 32-bit integer, got ${JSON.stringify(fromEnvironment)}.`,
    )
  }
  return seed
}

/**
 * The seed the tests use under CI (`CI` set) unless `FUZZ_SEED` says otherwise: a release gate must
 * give the same verdict for the same code. Locally every run draws a fresh seed and so explores further.
 * @example fuzzSeed(testSeedSource(process.env))
 */
export function testSeedSource(environment: Record<string, string | undefined>): string | undefined {
  if (environment.FUZZ_SEED) return environment.FUZZ_SEED
  return environment.CI ? '20261122' : undefined
}

import { fuzzSeed } from '../../tools/fuzz-seed.ts'

/**
 * The exploring seed of the variant proofs: `FUZZ_SEED` when set (to replay a failure, whose message names
 * its seed), else 1 under CI (a release gate gives the same verdict for the same code), else a fresh one,
 * drawn by the run and printed with every failure, so that each local run explores further.
 * @example runContract({ …, explore: { seed: variantSeed } })
 */
export const variantSeed: number | undefined = process.env.FUZZ_SEED
  ? fuzzSeed(process.env.FUZZ_SEED)
  : process.env.CI
    ? 1
    : undefined

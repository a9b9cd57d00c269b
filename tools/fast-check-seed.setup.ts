import fc from 'fast-check'
import { fuzzSeed, testSeedSource } from './fuzz-seed.ts'

// Every property test draws from one seed: fixed under CI (a release gate gives the same verdict for the
// same code), fresh locally, FUZZ_SEED to replay. fast-check prints the seed with any counterexample.
fc.configureGlobal({ seed: fuzzSeed(testSeedSource(process.env)) })

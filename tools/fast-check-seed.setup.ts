import fc from 'fast-check'
import { testSeed } from './test-seed.ts'

// Every property test draws from one seed: fixed under CI (a release gate gives the same verdict for the
// same code), fresh locally, PETSTORE_TEST_SEED to replay. fast-check prints the seed with any counterexample.
fc.configureGlobal({ seed: testSeed })

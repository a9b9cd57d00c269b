// `petstore-contract/vitest`: the contract suite as tests of your own vitest suite (vitest is an optional peer of the
// package: only this entry needs it).
export { type ContractSuiteOptions, describeContract } from './describe-contract.ts'

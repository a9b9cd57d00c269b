// The project's own vitest config: its tests, the contract suite among them (contract/contract.test.mjs, through
// `petstore-contract/vitest`). `npx petstore-contract` never reads it: the command runs no vitest.
export default { test: { include: ['contract/**/*.test.mjs'] } }

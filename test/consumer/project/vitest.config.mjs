// The project's own vitest config, deliberately unusable for the contract suite: `npx petstore-contract` must not
// pick it up (it runs vitest with its own root and no config file).
export default { test: { include: ['nothing/**/*.test.ts'], setupFiles: ['./no-such-setup-file.js'] } }

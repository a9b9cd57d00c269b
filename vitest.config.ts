import { defineConfig } from 'vitest/config'

// Two projects: `unit` (fast, beside the code) for the edit loop, `integration` (child processes, servers,
// Chromium, Prism, fuzz, bench) for the full run. `npm test` runs both.
export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    setupFiles: ['tools/fast-check-seed.setup.ts'],
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['spec/**/*.test.ts', 'mocks/**/*.test.ts', 'contract-tests/**/*.test.ts', 'tools/**/*.test.ts'],
        },
      },
      {
        extends: true,
        test: { name: 'integration', include: ['test/**/*.test.ts', 'bench/**/*.test.ts'] },
      },
    ],
  },
})

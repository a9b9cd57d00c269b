import { defineConfig } from '@playwright/test'

// The app's own dev server (serve-app.ts) on a free port; Debian's Chromium, never a downloaded one.
export default defineConfig({
  testDir: 'tests',
  workers: 1,
  reporter: 'line',
  timeout: 30_000,
  globalSetup: './serve-app.ts',
  projects: [
    { name: 'fixture' },
    // The proof that no test passes by accident: the tests with an override, run without it (pets.spec.ts), must
    // each fail. The fixture's seeded list is on screen at once, so a short wait suffices to see it is not theirs.
    { name: 'overrides dropped', grep: /@override/, expect: { timeout: 3_000 } },
  ],
  use: {
    baseURL: process.env.APP_URL,
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
    },
  },
})

import { defineConfig } from '@playwright/test'

// The app's dev server as `npm run dev` starts it: Vite on localhost, port 5173 (APP_PORT=5174 for another).
const port = Number(process.env.APP_PORT ?? 5173)
const appUrl = `http://localhost:${port}/`

export default defineConfig({
  testDir: 'tests',
  workers: 1,
  reporter: 'line',
  timeout: 30_000,
  // What a test waits to see on screen may take a few seconds on a loaded machine (the dev server compiles the app
  // on its first request); a passing test waits no longer for a longer bound.
  expect: { timeout: 15_000 },
  webServer: {
    command: `npx vite --port ${port} --strictPort`,
    url: appUrl,
    // The dev server you keep running is used as it is (Vite 8 refuses a second one for the same project); in CI,
    // where CI is set, the tests start their own and fail if anything else holds the port.
    reuseExistingServer: !process.env.CI,
  },
  projects: [
    { name: 'fixture' },
    // The proof that no test passes by accident: the tests with an override, run without it (pets.spec.ts), must
    // each fail. The fixture's seeded list is on screen at once, so a short wait suffices to see it is not theirs.
    { name: 'overrides dropped', grep: /@override/, expect: { timeout: 3_000 } },
  ],
  use: {
    baseURL: appUrl,
    // Debian's Chromium (apt-get install chromium), never a downloaded one.
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
    },
  },
})

import { defineConfig } from '@playwright/test'

export default defineConfig({
  testDir: 'tests',
  workers: 1,
  reporter: 'line',
  timeout: 30_000,
  // The app's dev server as `npm run dev` starts it, on loopback: Vite takes 5173, or the next free port when another
  // server holds it, and prints its URL, which becomes APP_URL.
  webServer: {
    command: 'npx vite --host 127.0.0.1',
    wait: { stdout: /Local:\s+(?<app_url>http:\/\/127\.0\.0\.1:\d+\/)/ },
  },
  projects: [
    { name: 'fixture' },
    // The proof that no test passes by accident: the tests with an override, run without it (pets.spec.ts), must
    // each fail. The fixture's seeded list is on screen at once, so a short wait suffices to see it is not theirs.
    { name: 'overrides dropped', grep: /@override/, expect: { timeout: 3_000 } },
  ],
  use: {
    baseURL: process.env.APP_URL,
    // Debian's Chromium (apt-get install chromium), never a downloaded one.
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
    },
  },
})

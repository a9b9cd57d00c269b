import { defineConfig } from '@playwright/test'

// The app's own dev server (serve-app.ts) on a free port; Debian's Chromium, never a downloaded one.
export default defineConfig({
  testDir: 'tests',
  workers: 1,
  reporter: 'line',
  timeout: 30_000,
  globalSetup: './serve-app.ts',
  use: {
    baseURL: process.env.APP_URL,
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
    },
  },
})

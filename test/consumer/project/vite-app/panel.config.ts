import { defineConfig } from '@playwright/test'

// The app in development with the mock's dev panel: no fixture, the app's own worker answers. The same dev server as
// playwright.config.ts: the one already running, else its own.
const port = Number(process.env.APP_PORT ?? 5173)
const appUrl = `http://localhost:${port}/`

export default defineConfig({
  testDir: 'panel-tests',
  workers: 1,
  reporter: 'line',
  timeout: 30_000,
  webServer: {
    command: `npx vite --port ${port} --strictPort`,
    url: appUrl,
    reuseExistingServer: !process.env.CI,
  },
  use: {
    baseURL: appUrl,
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
    },
  },
})

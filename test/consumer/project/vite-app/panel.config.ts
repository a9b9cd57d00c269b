import { defineConfig } from '@playwright/test'

// The app in development with the mock's dev panel: no fixture, the app's own worker answers. Its own dev server
// (the next free port) beside the one of playwright.config.ts.
export default defineConfig({
  testDir: 'panel-tests',
  workers: 1,
  reporter: 'line',
  timeout: 30_000,
  webServer: {
    command: 'npx vite --host 127.0.0.1',
    wait: { stdout: /Local:\s+(?<app_url>http:\/\/127\.0\.0\.1:\d+\/)/ },
  },
  use: {
    baseURL: process.env.APP_URL,
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
    },
  },
})

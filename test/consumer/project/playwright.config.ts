import { defineConfig } from '@playwright/test'

export default defineConfig({
  testDir: 'tests',
  workers: 1,
  reporter: 'line',
  timeout: 30_000,
  use: {
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
    },
  },
})

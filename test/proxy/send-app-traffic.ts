import { sendAppTraffic } from './app-traffic.ts'

// Stands for an app's end-to-end tests in the CI recipe of docs/proxy.md: the scripted traffic to PETSTORE_BASE_URL.
const base = process.env.PETSTORE_BASE_URL ?? ''
const answers = await sendAppTraffic(base, base.replace(/\/v1$/, ''))
process.exitCode = answers.every(({ status }) => status < 500) ? 0 : 1

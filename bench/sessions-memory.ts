/**
 * What sessions cost: a standalone mock on loopback, then `--sessions` sessions (default 1000) each
 * creating one pet over HTTP; prints the RSS they add and the time a new session takes (its store is
 * seeded on first use). Run with `node --expose-gc --import tsx bench/sessions-memory.ts [--sessions N]`.
 */
import { parseArgs } from 'node:util'
import { developmentApiKey } from '../mocks/core/development-api-key.ts'
import { startPetStoreServer } from '../mocks/node/start-pet-store-server.ts'

const { values } = parseArgs({ options: { sessions: { type: 'string', default: '1000' } } })
const sessions = Math.min(Math.max(Number.parseInt(values.sessions, 10) || 1000, 1), 10_000)
const gc = (globalThis as { gc?: () => void }).gc ?? (() => {})
const server = await startPetStoreServer({ maxSessions: sessions })
const headers = { authorization: `Bearer ${developmentApiKey}`, 'content-type': 'application/json' }
try {
  await fetch(`${server.baseUrl}/pets?limit=1`, { headers })
  gc()
  const before = process.memoryUsage().rss
  const started = performance.now()
  for (let index = 0; index < sessions; index++) {
    const response = await fetch(`${server.baseUrl}/pets`, {
      method: 'POST',
      headers: { ...headers, 'x-mock-session': `bench-${index}` },
      body: '{"name":"Rex","categoryId":1}',
    })
    if (response.status !== 201) throw new Error(`Failed to create in session ${index}: got ${response.status}.`)
  }
  const seconds = (performance.now() - started) / 1000
  gc()
  const added = (process.memoryUsage().rss - before) / 1024 / 1024
  console.log(
    `${sessions} sessions, one create each: +${added.toFixed(0)} MB RSS (goal <= 200 MB), ` +
      `${((seconds * 1000) / sessions).toFixed(2)} ms a new session, server and client in one process`,
  )
} finally {
  await server.close()
}

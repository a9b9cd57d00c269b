import { createPetStoreMock } from '../mocks/create-pet-store-mock.ts'
import type { InProcessFigures } from './bench-report.ts'

export interface InProcessOptions {
  durationMs: number
  /** A bound on the loop besides its duration. */
  maxCalls?: number
}

const url = 'http://petstore.test/v1/pets?limit=20'
const init = { headers: { authorization: 'Bearer petstore-dev-key' } }
const warmUpCalls = 500

/**
 * Calls the in-process fetch (msw `getResponse` over the handlers, no socket) in a tight loop,
 * one call at a time with its body read, as a test suite would, and counts calls per second.
 * @example const { callsPerSecond } = await measureInProcess({ durationMs: 10_000 })
 */
export async function measureInProcess({
  durationMs,
  maxCalls = 5_000_000,
}: InProcessOptions): Promise<InProcessFigures> {
  const mock = await createPetStoreMock()
  const first = await mock.fetch(url, init)
  if (first.status !== 200)
    throw new Error(`Failed to measure the in-process fetch: GET ${url} answered ${first.status}, expected 200.`)
  await first.text()
  for (let call = 0; call < warmUpCalls; call++) await (await mock.fetch(url, init)).text()

  const started = performance.now()
  let calls = 0
  while (calls < maxCalls && performance.now() - started < durationMs) {
    await (await mock.fetch(url, init)).text()
    calls++
  }
  const seconds = (performance.now() - started) / 1_000
  return {
    request: `mock.fetch('${url}') + text()`,
    calls,
    seconds,
    callsPerSecond: calls / seconds,
    microsecondsPerCall: (seconds * 1e6) / calls,
  }
}

import { expect, it } from 'vitest'
import { HttpTransport } from './http-transport.ts'
import { operationRoute } from './operation-route.ts'
import { TransportFailure } from './transport-failure.ts'

const options = {
  timeoutMs: 50,
  maxBodyBytes: 1_000,
  maxJsonDepth: 64,
  maxRetries: 0,
  maxRetryDelayMs: 0,
  concurrency: 1,
}

/** A fetch that never answers what `hangs` picks (until its deadline aborts it) and answers the rest 200. */
function fetchThatHangs(hangs: (method: string, url: string) => boolean) {
  const sent: Array<string> = []
  const fetch = (url: string, init?: RequestInit): Promise<Response> => {
    const method = init?.method ?? 'GET'
    sent.push(`${method} ${url}`)
    if (!hangs(method, url))
      return Promise.resolve(new Response('[]', { headers: { 'content-type': 'application/json' } }))
    return new Promise((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(init.signal?.reason)))
  }
  return { fetch, sent }
}

const post = { method: 'POST', url: 'http://127.0.0.1:9/v1/pets', headers: {}, body: '{}' }
const list = { method: 'GET', url: 'http://127.0.0.1:9/v1/pets?limit=1', headers: {} }

it('stops sending to a route that waits out its deadline in a row while its origin answers, and goes on', async () => {
  const { fetch, sent } = fetchThatHangs((method) => method === 'POST')
  const transport = new HttpTransport({ ...options, fetch })
  await transport.send(list)
  const failures = []
  for (let index = 0; index < 12; index++) failures.push(await transport.send(post).catch((error: unknown) => error))
  expect(failures.every((failure) => failure instanceof TransportFailure && failure.kind === 'timeout')).toBe(true)
  expect(transport.halted).toBeUndefined()
  // Three sent and waited out, the origin asked again with the list, then the route's requests fail unsent.
  expect(sent.filter((line) => line.startsWith('POST'))).toHaveLength(3)
  expect(String((failures.at(-1) as Error).message)).toMatch(
    /^No answer to POST http:\/\/127\.0\.0\.1:9\/v1\/pets: .* not sent\.$/,
  )
  expect((await transport.send(list)).status).toBe(200)
})

it('halts when the origin no longer answers either: the target could not be judged', async () => {
  let down = false
  const { fetch } = fetchThatHangs((method) => down || method === 'POST')
  const transport = new HttpTransport({ ...options, fetch })
  await transport.send(list)
  down = true
  for (let index = 0; index < 10; index++) await transport.send(post).catch(() => undefined)
  expect(transport.halted?.message).toMatch(/The target stopped answering: 10 requests in a row/)
})

it('stops sending reads of every pet once reads of distinct pets wait out their deadline in a row', async () => {
  const { fetch, sent } = fetchThatHangs((_method, url) => /\/pets\/\d+$/.test(url))
  const routeOf = operationRoute({ pets: 'http://127.0.0.1:9/v1', messages: 'http://127.0.0.1:9' })
  const transport = new HttpTransport({ ...options, fetch, routeOf })
  await transport.send(list)
  const read = (id: number) => ({ method: 'GET', url: `http://127.0.0.1:9/v1/pets/${id}`, headers: {} })
  const failures = []
  for (let id = 1; id <= 14; id++) {
    failures.push(await transport.send(read(id)).catch((error: unknown) => error))
    // Other routes answer in between, as they do when scenarios run side by side.
    await transport.send(list)
  }
  expect(failures.every((failure) => failure instanceof TransportFailure && failure.kind === 'timeout')).toBe(true)
  expect(transport.halted).toBeUndefined()
  expect(sent.filter((line) => /\/pets\/\d+$/.test(line))).toHaveLength(3)
  expect(String((failures.at(-1) as Error).message)).toMatch(
    /^No answer to GET http:\/\/127\.0\.0\.1:9\/v1\/pets\/\{petId\}: .* not sent\.$/,
  )
  expect((await transport.send(list)).status).toBe(200)
})

it('sends again a route that answers between its deadlines waited out', async () => {
  let calls = 0
  const { fetch, sent } = fetchThatHangs((method) => method === 'POST' && calls++ % 3 !== 2)
  const transport = new HttpTransport({ ...options, fetch })
  await transport.send(list)
  for (let index = 0; index < 9; index++) await transport.send(post).catch(() => undefined)
  expect(sent.filter((line) => line.startsWith('POST'))).toHaveLength(9)
  expect(transport.halted).toBeUndefined()
})

import { afterAll, beforeAll, expect, it } from 'vitest'
import { developmentApiKey } from '../../shared/development-api-key.ts'
import { type ServeProcess, startServeProcess } from '../support/start-serve-process.ts'

// `--max-pets` is the server's total over the default store and every X-Mock-Session store: loading pets through
// 100 sessions stops at it with 507, as a create does. One server in a child process, on loopback.

const maxPets = 1_000
const seeded = 10
let serve: ServeProcess
let origin: string

beforeAll(async () => {
  serve = await startServeProcess(['--port', '0', '--pets', String(seeded), '--max-pets', String(maxPets)])
  origin = new URL(serve.url as string).origin
})

afterAll(async () => {
  serve.child.kill('SIGKILL')
  await serve.exited
})

function putState(session: string, count: number): Promise<Response> {
  const pets = Array.from({ length: count }, (_, i) => ({ id: i + 1, name: `${session}-${i}`, categoryId: 1 }))
  return fetch(`${origin}/__mock/state`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', 'x-mock-session': session },
    body: JSON.stringify({ pets }),
  })
}

it('stops a load through 100 sessions at --max-pets with 507, creates too, until sessions are reset', async () => {
  const statuses: Array<number> = []
  let refusal: { code?: string; status?: number; message?: string } = {}
  for (let session = 0; session < 100; session++) {
    const response = await putState(`load-${session}`, 15)
    statuses.push(response.status)
    if (response.status === 507) refusal = await response.json()
    else await response.body?.cancel()
  }
  // The seeded pets count once (the default store reads them); each session's 15 replace its own share.
  const fitting = Math.floor((maxPets - seeded) / 15)
  expect(statuses.filter((status) => status === 204)).toHaveLength(fitting)
  expect(statuses.slice(fitting).every((status) => status === 507)).toBe(true)
  expect(refusal).toMatchObject({ code: 'insufficient_storage', status: 507 })
  expect(refusal.message).toMatch(/^Failed to store the 15 pets: expected at most 1,000 pets \(--max-pets\)/)
  expect(refusal.message).toContain("--max-pets is the server's total")

  let stored = 0
  for (let session = 0; session < fitting; session++) {
    const state = await fetch(`${origin}/__mock/state`, { headers: { 'x-mock-session': `load-${session}` } })
    stored += ((await state.json()) as { pets: Array<unknown> }).pets.length
  }
  expect(stored + seeded).toBeLessThanOrEqual(maxPets)

  const create = (session: string) =>
    fetch(`${origin}/v1/pets`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${developmentApiKey}`,
        'content-type': 'application/json',
        'x-mock-session': session,
      },
      body: JSON.stringify({ name: 'One more', categoryId: 1 }),
    })
  const full = await create('late')
  expect(full.status).toBe(507)
  expect(await full.json()).toMatchObject({ code: 'insufficient_storage' })

  // A session reset gives its pets back to the total.
  expect(
    (await fetch(`${origin}/__mock/reset`, { method: 'POST', headers: { 'x-mock-session': 'load-0' } })).status,
  ).toBe(204)
  expect((await create('late')).status).toBe(201)
})

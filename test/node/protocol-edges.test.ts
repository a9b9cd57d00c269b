import { afterAll, beforeAll, expect, it } from 'vitest'
import { type PetStoreServer, startPetStoreServer } from '../../mocks/node/start-pet-store-server.ts'
import { developmentApiKey } from '../../shared/development-api-key.ts'
import { sendRawHttp } from '../fuzz/send-raw-http.ts'

const auth = { authorization: `Bearer ${developmentApiKey}` }
let server: PetStoreServer
let port: number
let origin: string

beforeAll(async () => {
  server = await startPetStoreServer({ pets: 5, maxPets: 7 })
  port = Number(new URL(server.baseUrl).port)
  origin = new URL(server.baseUrl).origin
})
afterAll(() => server.close())

it('answers 400 with an Error body to a request with two Host headers, on the API and the admin API', async () => {
  for (const target of ['/v1/pets', '/__mock/requests']) {
    const answer = await sendRawHttp(
      port,
      Buffer.from(
        `GET ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\nHost: attacker.example\r\n` +
          `Authorization: ${auth.authorization}\r\n\r\n`,
      ),
    )
    expect(answer.kind === 'response' && answer.status, target).toBe(400)
    if (answer.kind === 'response')
      expect(JSON.parse(answer.body)).toMatchObject({ code: 'bad_request', status: 400, message: /more than one Host/ })
  }
  // One Host is fine.
  const single = await sendRawHttp(
    port,
    Buffer.from(`GET /v1/pets/1 HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: ${auth.authorization}\r\n\r\n`),
  )
  expect(single.kind === 'response' && single.status).toBe(200)
})

it('answers 400 with an Error body to an HTTP/1.1 request without Host, and serves one in HTTP/1.0', async () => {
  const request = (version: string) =>
    Buffer.from(`GET /v1/pets/1 HTTP/${version}\r\nAuthorization: ${auth.authorization}\r\n\r\n`)
  const without = await sendRawHttp(port, request('1.1'))
  expect(without.kind === 'response' && without.status).toBe(400)
  if (without.kind === 'response')
    expect(JSON.parse(without.body)).toMatchObject({ code: 'bad_request', status: 400, message: /Host/ })
  const old = await sendRawHttp(port, request('1.0'))
  expect(old.kind === 'response' && old.status).toBe(200)
})

const forwarding: ReadonlyArray<[string, string]> = [
  ['X-Forwarded', 'for=127.0.0.1'],
  ['X-Client-IP', '127.0.0.1'],
  ['True-Client-IP', '127.0.0.1'],
  ['CF-Connecting-IP', '127.0.0.1'],
  ['X-Original-Host', 'localhost'],
  ['Fastly-Client-IP', '127.0.0.1'],
  ['X-Cluster-Client-IP', '127.0.0.1'],
  ['X-Forwarded-Server', 'localhost'],
]

it.each(forwarding)(
  'refuses a /__mock request that carries %s with 403, as one a proxy passed on',
  async (name, value) => {
    const response = await fetch(`${origin}/__mock/requests`, { headers: { [name]: value } })
    expect(response.status).toBe(403)
    expect(await response.json()).toMatchObject({ code: 'forbidden', message: new RegExp(name, 'i') })
    // The same request without it is served: the header alone made the difference.
    expect((await fetch(`${origin}/__mock/requests`)).status).toBe(200)
  },
)

it('answers creates past --max-pets with a 507 Error and goes on serving, creates again after a reset', async () => {
  const create = () =>
    fetch(`${server.baseUrl}/pets`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Rex', categoryId: 1 }),
    })
  expect((await create()).status).toBe(201)
  expect((await create()).status).toBe(201)
  const full = await create()
  expect(full.status).toBe(507)
  expect(await full.json()).toEqual({
    code: 'insufficient_storage',
    status: 507,
    message: expect.stringMatching(/^Failed to store the pet: expected at most 7 pets \(--max-pets\), got one more\./),
  })
  expect((await create()).status).toBe(507)
  const list = await fetch(`${server.baseUrl}/pets?limit=100`, { headers: auth })
  expect(list.status).toBe(200)
  expect(await list.json()).toHaveLength(7)
  expect((await fetch(`${origin}/__mock/reset`, { method: 'POST' })).status).toBe(204)
  expect((await create()).status).toBe(201)
})

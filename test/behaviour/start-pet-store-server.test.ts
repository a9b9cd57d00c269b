import { afterEach, expect, it } from 'vitest'
import { type PetStoreServer, startPetStoreServer } from '../../mocks/node/start-pet-store-server.ts'

const started: Array<PetStoreServer> = []
const start = async (options: Parameters<typeof startPetStoreServer>[0] = {}) => {
  const server = await startPetStoreServer(options)
  started.push(server)
  return server
}
afterEach(async () => {
  await Promise.all(started.splice(0).map((server) => server.close()))
})

it('listens on a free loopback port by default and serves both APIs', async () => {
  const [one, two] = await Promise.all([start(), start()])
  expect(one.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v1$/)
  expect(one.baseUrl).not.toBe(two.baseUrl)
  const auth = { authorization: 'Bearer petstore-dev-key' }
  expect((await fetch(`${one.baseUrl}/pets?limit=2`, { headers: auth })).status).toBe(200)
  const message = await fetch(`${one.messagesBaseUrl}/messages`, {
    method: 'POST',
    headers: { ...auth, 'content-type': 'application/json' },
    body: JSON.stringify({ message: 'hello' }),
  })
  expect(message.status).toBe(202)
})

it('accepts only the keys it is given', async () => {
  const server = await start({ apiKeys: ['team-key'] })
  const status = async (key: string) =>
    (await fetch(`${server.baseUrl}/pets`, { headers: { authorization: `Bearer ${key}` } })).status
  expect(await status('team-key')).toBe(200)
  expect(await status('petstore-dev-key')).toBe(401)
})

it('reset() brings back the seeded pets, ids included', async () => {
  const server = await start({ seed: 4, pets: 5 })
  const headers = { authorization: 'Bearer petstore-dev-key', 'content-type': 'application/json' }
  const list = async () => (await fetch(`${server.baseUrl}/pets`, { headers })).json()
  const seeded = await list()
  await fetch(`${server.baseUrl}/pets`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ name: 'Extra', categoryId: 1 }),
  })
  expect(await list()).toHaveLength(6)
  await server.reset()
  expect(await list()).toEqual(seeded)
})

it('rejects with the reason when the port is taken', async () => {
  const first = await start()
  const port = Number(new URL(first.baseUrl).port)
  await expect(startPetStoreServer({ port })).rejects.toMatchObject({ code: 'EADDRINUSE' })
})

import { expect, it } from 'vitest'
import { developmentApiKey } from '../../mocks/core/create-pet-store-core.ts'
import { startPetStoreServer } from '../../mocks/node/start-pet-store-server.ts'

const auth = { authorization: `Bearer ${developmentApiKey}` }

it('serves the seeded pets, restores them on reset and stops on close', async () => {
  const mock = await startPetStoreServer({ seed: 2, pets: 4 })
  expect(mock.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v1$/)
  expect(await (await fetch(`${mock.baseUrl}/pets`, { headers: auth })).json()).toHaveLength(4)
  await fetch(`${mock.baseUrl}/pets`, {
    method: 'POST',
    headers: { ...auth, 'content-type': 'application/json' },
    body: '{"name":"Rex","categoryId":1}',
  })
  expect(await (await fetch(`${mock.baseUrl}/pets`, { headers: auth })).json()).toHaveLength(5)
  await mock.reset()
  expect(await (await fetch(`${mock.baseUrl}/pets`, { headers: auth })).json()).toHaveLength(4)
  await mock.close()
  await expect(fetch(`${mock.baseUrl}/pets`, { headers: auth })).rejects.toThrow()
})

it('rejects with the listen error when the port is taken', async () => {
  const first = await startPetStoreServer({ pets: 1 })
  const port = Number(new URL(first.baseUrl).port)
  await expect(startPetStoreServer({ pets: 1, port })).rejects.toMatchObject({ code: 'EADDRINUSE' })
  await first.close()
})

import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { developmentApiKey } from '../../mocks/core/create-pet-store-core.ts'
import { operations } from '../../spec/operations.ts'
import { errorSchema, petSchema } from '../../spec/schemas.ts'
import { type MockTransport, mockTransports } from '../support/mock-transports.ts'

const auth = { authorization: `Bearer ${developmentApiKey}` }
// The date comes from the spec's x-sunset, as the mock reads it.
const sunset = new Date(`${operations.getPet.sunset}T00:00:00Z`)
const sunsetHeader = sunset.toUTCString()

describe.each(mockTransports)('%s mock on its sunset day', (_name, start) => {
  let mock: MockTransport
  beforeAll(async () => {
    mock = await start({ seed: 2, pets: 10, now: sunset.toISOString() })
  })
  afterAll(() => mock.close())

  it('answers GET /pets/{petId} with 410 gone and the Sunset header', async () => {
    const response = await mock.fetch(`${mock.baseUrl}/pets/1`, { headers: auth })
    expect(response.status).toBe(410)
    expect(response.headers.get('sunset')).toBe(sunsetHeader)
    const body = errorSchema.parse(await response.json())
    expect(body).toMatchObject({ code: 'gone', status: 410 })
    expect(body.message).toContain('status filter')
  })

  it('answers 410 whatever the id, but never before authentication', async () => {
    expect((await mock.fetch(`${mock.baseUrl}/pets/not-an-id`, { headers: auth })).status).toBe(410)
    expect((await mock.fetch(`${mock.baseUrl}/pets/1`)).status).toBe(401)
  })

  it('still lists and creates pets', async () => {
    const list = await mock.fetch(`${mock.baseUrl}/pets?status=available`, { headers: auth })
    expect(list.status).toBe(200)
    petSchema.array().parse(await list.json())
    const created = await mock.fetch(`${mock.baseUrl}/pets`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Late', categoryId: 1 }),
    })
    expect(created.status).toBe(201)
  })
})

describe.each(mockTransports)('%s mock a minute before its sunset', (_name, start) => {
  let mock: MockTransport
  beforeAll(async () => {
    mock = await start({ seed: 2, pets: 10, now: new Date(sunset.getTime() - 60_000) })
  })
  afterAll(() => mock.close())

  it('answers GET /pets/{petId} with the pet and announces the sunset', async () => {
    const response = await mock.fetch(`${mock.baseUrl}/pets/1`, { headers: auth })
    expect(response.status).toBe(200)
    expect(response.headers.get('sunset')).toBe(sunsetHeader)
    expect(petSchema.parse(await response.json()).id).toBe(1)
  })
})

it('crosses the sunset when the clock moves, in-process', async () => {
  let now = new Date(sunset.getTime() - 1)
  const mock = await mockTransports[0][1]({ pets: 3, now: () => now })
  const status = async () => (await mock.fetch(`${mock.baseUrl}/pets/1`, { headers: auth })).status
  expect(await status()).toBe(200)
  now = sunset
  expect(await status()).toBe(410)
})

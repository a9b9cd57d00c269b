import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { developmentApiKey } from '../../mocks/core/create-pet-store-core.ts'
import { operationList } from '../../spec/operations.ts'
import { errorSchema, messageSchema, petSchema } from '../../spec/schemas.ts'
import { type MockTransport, mockTransports } from '../support/mock-transports.ts'

const auth = { authorization: `Bearer ${developmentApiKey}` }
const json = { ...auth, 'content-type': 'application/json' }

describe.each(mockTransports)('%s mock', (_name, start) => {
  let mock: MockTransport
  beforeAll(async () => {
    mock = await start({ seed: 3, pets: 60 })
  })
  afterAll(() => mock.close())
  beforeEach(() => mock.reset())

  const get = (path: string, headers: Record<string, string> = auth) =>
    mock.fetch(`${mock.baseUrl}${path}`, { headers })
  const post = (path: string, body: string, headers: Record<string, string> = json) =>
    mock.fetch(`${mock.baseUrl}${path}`, { method: 'POST', headers, body })
  const postMessage = (body: string, headers: Record<string, string> = json) =>
    mock.fetch(`${mock.messagesBaseUrl}/messages`, { method: 'POST', headers, body })

  async function expectError(
    response: Response,
    status: number,
    code?: string,
  ): Promise<{ code: string; message: string }> {
    expect(response.status).toBe(status)
    expect(response.headers.get('content-type')).toMatch(/^application\/json/)
    const body = errorSchema.parse(await response.json())
    expect(body.status).toBe(status)
    expect(body.message.length).toBeGreaterThan(0)
    if (code) expect(body.code).toBe(code)
    return body
  }

  describe('authentication', () => {
    const refusals: Array<[string, Record<string, string>]> = [
      ['no Authorization header', {}],
      ['an unknown key', { authorization: 'Bearer not-a-key' }],
      ['another scheme', { authorization: `Basic ${developmentApiKey}` }],
      ['the bare key', { authorization: developmentApiKey }],
      ['an empty token', { authorization: 'Bearer ' }],
    ]
    it.each(refusals)('answers 401 to GET /pets with %s', async (_case, headers) => {
      await expectError(await get('/pets', headers), 401, 'unauthorized')
    })
    it.each(refusals)('answers 401 to POST /pets with %s, before reading the body', async (_case, headers) => {
      await expectError(await post('/pets', 'not json', headers), 401, 'unauthorized')
    })
    it.each(refusals)('answers 401 to GET /pets/{petId} with %s, even for a malformed id', async (_case, headers) => {
      await expectError(await get('/pets/abc', headers), 401, 'unauthorized')
    })
    it.each(refusals)('answers 401 to POST /messages with %s', async (_case, headers) => {
      await expectError(await postMessage('{"message":"hi"}', headers), 401, 'unauthorized')
    })
    it('answers 401 to GET /store/orders without a key', async () => {
      await expectError(await get('/store/orders', {}), 401, 'unauthorized')
    })
    it('accepts a lower-case bearer scheme', async () => {
      expect((await get('/pets', { authorization: `bearer ${developmentApiKey}` })).status).toBe(200)
    })
    it('never repeats the key it was sent', async () => {
      const body = await expectError(await get('/pets', { authorization: 'Bearer secret-looking-key-123' }), 401)
      expect(JSON.stringify(body)).not.toContain('secret-looking-key-123')
    })
  })

  describe('GET /pets', () => {
    it('returns a bare array of 20 valid pets by default', async () => {
      const response = await get('/pets')
      expect(response.status).toBe(200)
      const pets = petSchema.array().parse(await response.json())
      expect(pets).toHaveLength(20)
    })
    it('returns exactly limit pets when enough exist', async () => {
      expect(await (await get('/pets?limit=7')).json()).toHaveLength(7)
      expect(await (await get('/pets?limit=1')).json()).toHaveLength(1)
    })
    it('returns all pets, never more than 100, when the limit exceeds them', async () => {
      expect(await (await get('/pets?limit=100')).json()).toHaveLength(60)
    })
    it('applies the status filter before the limit', async () => {
      const all = petSchema.array().parse(await (await get('/pets?limit=100')).json())
      const sold = all.filter((pet) => pet.status === 'sold')
      expect(sold.length).toBeGreaterThan(3)
      const filtered = petSchema.array().parse(await (await get(`/pets?status=sold&limit=${sold.length - 1}`)).json())
      expect(filtered).toEqual(sold.slice(0, sold.length - 1))
    })
    it.each(['0', '101', '-1', 'abc', '1.5', '', '10e1', ' 5'])('answers 400 to limit=%j', async (limit) => {
      await expectError(await get(`/pets?limit=${encodeURIComponent(limit)}`), 400, 'invalid_parameter')
    })
    it('answers 400 to a repeated limit', async () => {
      await expectError(await get('/pets?limit=1&limit=2'), 400, 'invalid_parameter')
    })
    it.each(['lost', 'SOLD', ''])('answers 400 to status=%j', async (status) => {
      await expectError(await get(`/pets?status=${status}`), 400, 'invalid_parameter')
    })
  })

  describe('POST /pets', () => {
    it('answers 201 with the created pet echoing what was sent and a new id', async () => {
      const response = await post('/pets', JSON.stringify({ name: 'Tiger', categoryId: 9, status: 'pending' }))
      expect(response.status).toBe(201)
      const pet = petSchema.parse(await response.json())
      expect(pet).toEqual({ id: pet.id, name: 'Tiger', categoryId: 9, status: 'pending' })
      expect(pet.id).toBe(61)
    })
    it('makes the created pet readable by id with the same fields', async () => {
      const created = await (await post('/pets', JSON.stringify({ name: 'Tiger', categoryId: 9 }))).json()
      expect(await (await get(`/pets/${created.id}`)).json()).toEqual(created)
    })
    it('ignores a client-sent id and never overwrites an existing pet', async () => {
      const before = await (await get('/pets/1')).json()
      const created = await (await post('/pets', JSON.stringify({ id: 1, name: 'Impostor', categoryId: 2 }))).json()
      expect(created.id).not.toBe(1)
      expect(await (await get('/pets/1')).json()).toEqual(before)
    })
    it.each(['9007199254740993', '9223372036854775807', '-9223372036854775808'])(
      'keeps categoryId %s to the digit, in the answer and when read back',
      async (categoryId) => {
        const response = await post('/pets', `{"name":"Big","categoryId":${categoryId}}`)
        expect(response.status).toBe(201)
        const text = await response.text()
        expect(text).toContain(`"categoryId":${categoryId}`)
        const id = /"id":(\d+)/.exec(text)?.[1]
        expect(await (await get(`/pets/${id}`)).text()).toBe(text)
        expect(await (await get('/pets?limit=100')).text()).toContain(text)
      },
    )
    it('answers 400 naming categoryId for an integer beyond int64', async () => {
      const error = await expectError(
        await post('/pets', '{"name":"x","categoryId":9223372036854775808}'),
        400,
        'invalid_body',
      )
      expect(error.message).toContain('categoryId')
    })
    const badBodies: Array<[string, string, string]> = [
      ['a missing name', '{"categoryId":1}', 'name'],
      ['a missing categoryId', '{"name":"x"}', 'categoryId'],
      ['a string categoryId', '{"name":"x","categoryId":"1"}', 'categoryId'],
      ['a fractional categoryId', '{"name":"x","categoryId":1.5}', 'categoryId'],
      ['a null categoryId', '{"name":"x","categoryId":null}', 'categoryId'],
      ['a null name', '{"name":null,"categoryId":1}', 'name'],
      ['a numeric name', '{"name":5,"categoryId":1}', 'name'],
      ['a status outside the enum', '{"name":"x","categoryId":1,"status":"lost"}', 'status'],
      ['a null status', '{"name":"x","categoryId":1,"status":null}', 'status'],
      ['an array body', '[{"name":"x","categoryId":1}]', 'object'],
      ['a string body', '"x"', 'object'],
      ['a null body', 'null', 'object'],
    ]
    it.each(badBodies)('answers 400 naming the field for %s', async (_case, body, field) => {
      const error = await expectError(await post('/pets', body), 400, 'invalid_body')
      expect(error.message).toContain(field)
    })
    it('answers 400 invalid_json to malformed JSON', async () => {
      await expectError(await post('/pets', '{"name":'), 400, 'invalid_json')
    })
    it('answers 400 to an empty body', async () => {
      await expectError(await post('/pets', ''), 400, 'invalid_body')
    })
    it('answers 400 to a non-JSON content type', async () => {
      await expectError(
        await post('/pets', '{"name":"x","categoryId":1}', { ...auth, 'content-type': 'text/plain' }),
        400,
        'unsupported_media_type',
      )
    })
    it('accepts a JSON content type with a utf-8 charset', async () => {
      const response = await post('/pets', '{"name":"x","categoryId":1}', {
        ...auth,
        'content-type': 'application/json; charset=utf-8',
      })
      expect(response.status).toBe(201)
    })
    it('answers 413 to a body over 1 MiB and stores nothing', async () => {
      const huge = JSON.stringify({ name: 'x'.repeat(1024 * 1024 + 10), categoryId: 1 })
      await expectError(await post('/pets', huge), 413, 'payload_too_large')
      expect(await (await get('/pets?limit=100')).json()).toHaveLength(60)
    })
    it('stores nothing for a refused body', async () => {
      await post('/pets', '{"name":"x","categoryId":"1"}')
      expect(await (await get('/pets?limit=100')).json()).toHaveLength(60)
    })
  })

  describe('GET /pets/{petId}', () => {
    it('returns a listed pet with the same fields', async () => {
      const [first] = await (await get('/pets?limit=1')).json()
      const response = await get(`/pets/${first.id}`)
      expect(response.status).toBe(200)
      expect(petSchema.parse(await response.json())).toEqual(first)
    })
    it('marks the operation deprecated with Deprecation and Sunset headers', async () => {
      const response = await get('/pets/1')
      expect(response.headers.get('deprecation')).toMatch(/^@\d+$/)
      expect(response.headers.get('sunset')).toBe('Thu, 05 Dec 2030 00:00:00 GMT')
    })
    it.each(['999999', '-1', '0', '9223372036854775807'])('answers 404 to the unknown id %s', async (id) => {
      await expectError(await get(`/pets/${id}`), 404, 'not_found')
    })
    it.each(['abc', '1.5', '1e3', '9223372036854775808', '%00'])('answers 400 to the non-integer id %j', async (id) => {
      await expectError(await get(`/pets/${id}`), 400, 'invalid_parameter')
    })
  })

  describe('POST /messages', () => {
    it('answers 202 with a queued message', async () => {
      const response = await postMessage('{"message":"Hello"}')
      expect(response.status).toBe(202)
      const message = messageSchema.parse(await response.json())
      expect(message).toMatchObject({ message: 'Hello', status: 'queued' })
      expect(new Date(message.createdAt).toISOString()).toBe(message.createdAt)
    })
    it.each([
      ['a missing message', '{}', 'invalid_body'],
      ['a numeric message', '{"message":5}', 'invalid_body'],
      ['invalid JSON', '{"message"', 'invalid_json'],
    ])('answers 400 to %s', async (_case, body, code) => {
      await expectError(await postMessage(body), 400, code)
    })
  })

  describe('routing', () => {
    it('answers 404 route_not_found to an unknown path under /v1', async () => {
      await expectError(await get('/unknown'), 404, 'route_not_found')
    })
    it('answers 405 with Allow to a known path and an unknown method', async () => {
      // The path's methods from the catalogue, not written out: a new operation on it changes them.
      const methods = operationList.filter((op) => op.base === 'pets' && op.path === '/pets').map((op) => op.method)
      const absent = ['DELETE', 'PATCH', 'PUT'].find((method) => !methods.includes(method)) as string
      const response = await mock.fetch(`${mock.baseUrl}/pets`, { method: absent, headers: auth })
      await expectError(response, 405, 'method_not_allowed')
      const allow = response.headers.get('allow')?.split(', ') ?? []
      expect(allow).toEqual(expect.arrayContaining([...methods, 'HEAD', 'OPTIONS']))
      expect(allow).not.toContain(absent)
    })
    it('answers 405 to GET /messages', async () => {
      await expectError(
        await mock.fetch(`${mock.messagesBaseUrl}/messages`, { headers: auth }),
        405,
        'method_not_allowed',
      )
    })
    it('answers 501 to the undescribed store orders after authentication', async () => {
      await expectError(await get('/store/orders'), 501, 'not_implemented')
    })
    it('answers a CORS preflight allowing the Authorization header', async () => {
      const response = await mock.fetch(`${mock.baseUrl}/pets`, {
        method: 'OPTIONS',
        headers: {
          origin: 'http://app.test',
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'authorization',
        },
      })
      expect(response.status).toBe(204)
      expect(response.headers.get('access-control-allow-origin')).toBe('*')
      expect(response.headers.get('access-control-allow-headers')).toMatch(/authorization/i)
    })
    it('lets a browser on another origin read answers and the deprecation headers', async () => {
      const response = await mock.fetch(`${mock.baseUrl}/pets/1`, { headers: { ...auth, origin: 'http://app.test' } })
      expect(response.headers.get('access-control-allow-origin')).toBe('*')
      expect(response.headers.get('access-control-expose-headers')).toMatch(/Deprecation, Sunset/)
    })
    it.each([
      ['a list', '/pets', auth, 200],
      ['a refusal', '/pets', {}, 401],
      ['an unknown path', '/nowhere', auth, 404],
      ['a bad parameter', '/pets?limit=0', auth, 400],
    ] as const)(
      'puts the CORS headers on %s to a request with an Origin (decision 001)',
      async (_kind, path, headers, status) => {
        const response = await get(path, { ...headers, origin: 'http://app.test' })
        expect(response.status).toBe(status)
        expect(response.headers.get('access-control-allow-origin')).toBe('*')
        expect(response.headers.get('access-control-expose-headers')).toMatch(/Deprecation, Sunset/)
      },
    )
    it.each([
      ['a list', '/pets', auth, 200],
      ['a refusal', '/pets', {}, 401],
    ] as const)(
      'leaves the CORS headers off %s to a request without an Origin (decision 001)',
      async (_kind, path, headers, status) => {
        const response = await get(path, headers)
        expect(response.status).toBe(status)
        expect(response.headers.get('access-control-allow-origin')).toBeNull()
      },
    )
    it('puts the CORS headers on a 405 of the messages API', async () => {
      const response = await mock.fetch(`${mock.messagesBaseUrl}/messages`, {
        method: 'DELETE',
        headers: { ...auth, origin: 'http://app.test' },
      })
      expect(response.status).toBe(405)
      expect(response.headers.get('access-control-allow-origin')).toBe('*')
    })
    it('answers HEAD like GET without a body', async () => {
      const response = await mock.fetch(`${mock.baseUrl}/pets`, { method: 'HEAD', headers: auth })
      expect(response.status).toBe(200)
      expect(await response.text()).toBe('')
    })
  })
})

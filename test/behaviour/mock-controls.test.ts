import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { developmentApiKey } from '../../mocks/core/create-pet-store-core.ts'
import { errorSchema } from '../../spec/schemas.ts'
import { type MockTransport, mockTransports } from '../support/mock-transports.ts'

const auth = { authorization: `Bearer ${developmentApiKey}` }
const json = { ...auth, 'content-type': 'application/json' }

describe.each(mockTransports)('%s mock controls', (_name, start) => {
  let mock: MockTransport
  beforeAll(async () => {
    mock = await start({ seed: 5, pets: 12, journalSize: 50, maxSessions: 3 })
  })
  afterAll(() => mock.close())
  beforeEach(() => mock.reset())

  const get = (path: string, headers: Record<string, string> = auth) =>
    mock.fetch(`${mock.baseUrl}${path}`, { headers })
  const create = (name: string, headers: Record<string, string> = {}) =>
    mock.fetch(`${mock.baseUrl}/pets`, {
      method: 'POST',
      headers: { ...json, ...headers },
      body: JSON.stringify({ name, categoryId: 1 }),
    })
  const count = async (headers: Record<string, string> = {}) =>
    ((await (await get('/pets?limit=100', { ...auth, ...headers })).json()) as Array<unknown>).length

  async function expectError(response: Response, status: number, code: string): Promise<string> {
    expect(response.status).toBe(status)
    const body = errorSchema.parse(await response.json())
    expect(body).toMatchObject({ status, code })
    return body.message
  }

  describe('Prefer', () => {
    it('answers code=503 with a 503 Error and echoes it in Preference-Applied', async () => {
      const response = await get('/pets', { ...auth, prefer: 'code=503' })
      expect(await expectError(response, 503, 'service_unavailable')).toBe(
        'GET /v1/pets answered 503 as asked (Prefer: code=503).',
      )
      expect(response.headers.get('preference-applied')).toBe('code=503')
    })
    it('never bypasses authentication', async () => {
      await expectError(await get('/pets', { prefer: 'code=503' }), 401, 'unauthorized')
    })
    it('changes nothing when it forces an error on a write', async () => {
      await expectError(await create('Ghost', { prefer: 'code=500' }), 500, 'internal_error')
      expect(await count()).toBe(12)
    })
    it('answers a documented 2xx with the normal body', async () => {
      const response = await create('Rex', { prefer: 'code=201' })
      expect(response.status).toBe(201)
      expect(await response.json()).toMatchObject({ name: 'Rex', id: 13 })
    })
    it('refuses a 2xx the operation does not document, naming the preference', async () => {
      expect(await expectError(await create('Rex', { prefer: 'code=200' }), 400, 'invalid_preference')).toMatch(
        /"code"/,
      )
      expect(await count()).toBe(12)
    })
    it('answers no earlier than delay=MS, combined with a code', async () => {
      const started = Date.now()
      const response = await get('/pets', { ...auth, prefer: 'code=503, delay=150' })
      expect(Date.now() - started).toBeGreaterThanOrEqual(140)
      await expectError(response, 503, 'service_unavailable')
      expect(response.headers.get('preference-applied')).toBe('code=503, delay=150')
    })
    it('cuts the JSON body off with fault=malformed', async () => {
      const response = await get('/pets?limit=3', { ...auth, prefer: 'fault=malformed' })
      expect(response.status).toBe(200)
      const text = await response.text()
      expect(text.length).toBeGreaterThan(0)
      expect(() => JSON.parse(text)).toThrow()
    })
    it('drops the connection with fault=reset', async () => {
      await expect(get('/pets', { ...auth, prefer: 'fault=reset' })).rejects.toThrow(TypeError)
    })
    it('answers nothing with fault=timeout until the client gives up', async () => {
      const started = Date.now()
      await expect(
        mock.fetch(`${mock.baseUrl}/pets`, {
          headers: { ...auth, prefer: 'fault=timeout' },
          signal: AbortSignal.timeout(300),
        }),
      ).rejects.toThrow()
      expect(Date.now() - started).toBeGreaterThanOrEqual(290)
    })
    it('ignores unknown preferences, prototype names included', async () => {
      const response = await get('/pets?limit=1', {
        ...auth,
        prefer: 'respond-async, wait=10, __proto__=1, constructor',
      })
      expect(response.status).toBe(200)
      expect(response.headers.get('preference-applied')).toBeNull()
    })
    it.each([
      ['code=abc', 'code=abc', /"code"/],
      ['code=302', 'code=302', /"code"/],
      ['delay=60001', 'delay=60001', /"delay"/],
      ['delay=-1', 'delay=-1', /"delay"/],
      ['fault=explode', 'fault=explode', /"fault"/],
      ['a repeated code', 'code=500, code=503', /"code".*more than once/],
      ['2 KB', `code=503, ${'x'.repeat(2000)}`, /Prefer/],
    ])('refuses Prefer: %s with a 400 Error naming it, and changes nothing', async (_label, prefer, message) => {
      expect(await expectError(await create('Bad', { prefer }), 400, 'invalid_preference')).toMatch(message)
      expect(await count()).toBe(12)
    })
  })

  describe('rules', () => {
    it('answers matching requests as the rule says, counting times down', async () => {
      const rule = await mock.controls.addRule({ method: 'GET', path: '/v1/pets/{petId}', status: 503, times: 2 })
      expect(rule).toMatchObject({ id: 'r1', method: 'GET', path: '/v1/pets/{petId}', status: 503, times: 2 })
      await expectError(await get('/pets/1'), 503, 'service_unavailable')
      await expectError(await get('/pets/2'), 503, 'service_unavailable')
      expect((await get('/pets/1')).status).toBe(200)
      expect(await mock.controls.listRules()).toEqual([])
      expect((await get('/pets')).status).toBe(200)
    })
    it('applies after authentication', async () => {
      await mock.controls.addRule({ method: 'GET', path: '/v1/pets', status: 500 })
      await expectError(await get('/pets', {}), 401, 'unauthorized')
    })
    it('delays and injects faults', async () => {
      await mock.controls.addRule({ method: 'POST', path: '/v1/pets', fault: 'reset', times: 1 })
      await mock.controls.addRule({ method: 'GET', path: '/v1/pets', delayMs: 120, times: 1 })
      await expect(create('Lost')).rejects.toThrow(TypeError)
      const started = Date.now()
      expect(await count()).toBe(12)
      expect(Date.now() - started).toBeGreaterThanOrEqual(110)
    })
    it('lets a Prefer header win over a rule', async () => {
      await mock.controls.addRule({ method: 'GET', path: '/v1/pets', status: 500 })
      await expectError(await get('/pets', { ...auth, prefer: 'code=429' }), 429, 'too_many_requests')
    })
    it('draws probability from the seeded generator, the same after a reset', async () => {
      const run = async () => {
        await mock.controls.addRule({ method: 'GET', path: '/v1/pets', status: 503, probability: 0.5 })
        const statuses: Array<number> = []
        for (let index = 0; index < 16; index++) statuses.push((await get('/pets?limit=1')).status)
        await mock.reset()
        return statuses
      }
      const first = await run()
      expect(new Set(first)).toEqual(new Set([200, 503]))
      expect(await run()).toEqual(first)
    })
    it('removes one rule by id, or all', async () => {
      const first = await mock.controls.addRule({ method: 'GET', path: '/v1/pets', status: 500 })
      await mock.controls.addRule({ method: 'POST', path: '/v1/pets', status: 500 })
      expect(await mock.controls.removeRule(first.id)).toBe(true)
      expect(await mock.controls.removeRule(first.id)).toBe(false)
      expect((await mock.controls.listRules()).map((rule) => rule.method)).toEqual(['POST'])
      await mock.controls.clearRules()
      expect(await mock.controls.listRules()).toEqual([])
    })
    it.each([
      ['an unknown path', { method: 'GET', path: '/v1/nowhere', status: 500 }],
      ['a path not in spec form', { method: 'GET', path: '/v1/pets/7', status: 500 }],
      ['a method the path lacks', { method: 'DELETE', path: '/v1/pets', status: 500 }],
      ['no effect', { method: 'GET', path: '/v1/pets' }],
      ['an undocumented 2xx', { method: 'POST', path: '/v1/pets', status: 200 }],
      ['a status out of range', { method: 'GET', path: '/v1/pets', status: 700 }],
      ['a negative delay', { method: 'GET', path: '/v1/pets', delayMs: -1 }],
      ['a probability above 1', { method: 'GET', path: '/v1/pets', status: 500, probability: 2 }],
      ['zero times', { method: 'GET', path: '/v1/pets', status: 500, times: 0 }],
      ['an unknown field', { method: 'GET', path: '/v1/pets', status: 500, extra: true }],
      ['a __proto__ key', JSON.parse('{"method":"GET","path":"/v1/pets","status":500,"__proto__":{"times":1}}')],
      ['an array', [{ method: 'GET', path: '/v1/pets', status: 500 }]],
    ])('refuses a rule with %s (400 invalid_rule) and adds nothing', async (_kind, rule) => {
      await expect(mock.controls.addRule(rule)).rejects.toMatchObject({ status: 400, code: 'invalid_rule' })
      expect(await mock.controls.listRules()).toEqual([])
      expect(({} as Record<string, unknown>).times).toBeUndefined()
    })
  })

  describe('journal', () => {
    it('records each request, oldest first, never a credential', async () => {
      await get('/pets?limit=2')
      await create('Rex')
      await get('/pets/999999', {})
      const requests = await mock.controls.requests()
      expect(requests).toEqual([
        expect.objectContaining({ method: 'GET', path: '/v1/pets', query: 'limit=2', status: 200, session: null }),
        expect.objectContaining({ method: 'POST', path: '/v1/pets', query: '', status: 201, session: null }),
        expect.objectContaining({ method: 'GET', path: '/v1/pets/999999', status: 401 }),
      ])
      for (const entry of requests) {
        expect(entry.durationMs).toBeGreaterThanOrEqual(0)
        expect(Date.parse(entry.at)).toBeGreaterThan(Date.now() - 60_000)
      }
      expect(JSON.stringify(requests)).not.toContain(developmentApiKey)
    })
    it('filters by method and by path, as sent or as the spec writes it', async () => {
      await get('/pets/1')
      await get('/pets/2')
      await create('Rex')
      expect((await mock.controls.requests({ method: 'post' })).map((entry) => entry.method)).toEqual(['POST'])
      expect(await mock.controls.requests({ path: '/v1/pets/2' })).toHaveLength(1)
      expect(await mock.controls.requests({ path: '/v1/pets/{petId}' })).toHaveLength(2)
    })
    it('keeps only the last journal-size requests', async () => {
      for (let index = 0; index < 55; index++) await get(`/pets?limit=${(index % 9) + 1}`)
      const requests = await mock.controls.requests()
      expect(requests).toHaveLength(50)
      expect(requests[0]?.query).toBe(`limit=${(5 % 9) + 1}`)
    })
    it('forgets everything on clear', async () => {
      await get('/pets')
      await mock.controls.clearRequests()
      expect(await mock.controls.requests()).toEqual([])
    })
  })

  describe('reset', () => {
    it('restores the seeded pets with their ids, with no rule and an empty journal', async () => {
      const before = await (await get('/pets?limit=100')).json()
      await create('Extra')
      await mock.controls.addRule({ method: 'GET', path: '/v1/pets/{petId}', status: 500 })
      await mock.controls.reset()
      expect(await mock.controls.listRules()).toEqual([])
      expect(await mock.controls.requests()).toEqual([])
      expect(await (await get('/pets?limit=100')).json()).toEqual(before)
      expect(await (await create('Again')).json()).toMatchObject({ id: 13 })
    })
  })

  describe('state', () => {
    it('reads every pet, and replaces them keeping their ids', async () => {
      const { pets } = await mock.controls.getState()
      expect(pets).toHaveLength(12)
      expect(pets).toEqual(await (await get('/pets?limit=100')).json())
      await mock.controls.putState({ pets: [{ id: 40, name: 'Late', categoryId: 2, status: 'sold' }] })
      expect(await (await get('/pets/40')).json()).toEqual({ id: 40, name: 'Late', categoryId: 2, status: 'sold' })
      expect(await (await create('Next')).json()).toMatchObject({ id: 41 })
    })
    it.each([
      [
        'a bad pet',
        {
          pets: [
            { id: 1, name: 'A', categoryId: 1 },
            { id: 2, name: 'B', categoryId: 1, status: 'lost' },
          ],
        },
      ],
      [
        'a repeated id',
        {
          pets: [
            { id: 1, name: 'A', categoryId: 1 },
            { id: 1, name: 'B', categoryId: 1 },
          ],
        },
      ],
      ['no pets field', { animals: [] }],
      ['a prototype key', JSON.parse('{"__proto__":{"pets":[]}}')],
    ])('refuses a state with %s, naming it, and changes nothing', async (_kind, state) => {
      const before = await mock.controls.getState()
      await expect(mock.controls.putState(state)).rejects.toMatchObject({ status: 400, code: 'invalid_body' })
      expect(await mock.controls.getState()).toEqual(before)
    })
    it('keeps each session its own state', async () => {
      await mock.controls.putState({ pets: [] }, 'a')
      expect((await mock.controls.getState('a')).pets).toEqual([])
      expect((await mock.controls.getState()).pets).toHaveLength(12)
    })
  })

  describe('sessions', () => {
    const session = (name: string) => ({ 'x-mock-session': name })

    it('gives each session its own store, seeded like the default one', async () => {
      const seeded = await (await get('/pets?limit=100')).json()
      expect(await (await create('Only-A', session('a'))).json()).toMatchObject({ id: 13 })
      expect(await count(session('a'))).toBe(13)
      expect(await count(session('b'))).toBe(12)
      expect(await count()).toBe(12)
      expect(await (await get('/pets?limit=100', { ...auth, ...session('b') })).json()).toEqual(seeded)
    })
    it('keeps rules per session and names the session in the journal', async () => {
      await mock.controls.addRule({ method: 'GET', path: '/v1/pets', status: 503 }, 'a')
      await expectError(await get('/pets', { ...auth, ...session('a') }), 503, 'service_unavailable')
      expect((await get('/pets')).status).toBe(200)
      expect(await mock.controls.listRules()).toEqual([])
      expect((await mock.controls.requests({}, 'a')).map((entry) => entry.session)).toEqual(['a'])
      expect((await mock.controls.requests()).map((entry) => entry.session)).toEqual(['a', null])
    })
    it('resets only the session named', async () => {
      await create('Default')
      await create('In-A', session('a'))
      await mock.controls.reset('a')
      expect(await count(session('a'))).toBe(12)
      expect(await count()).toBe(13)
    })
    it('drops the least recently used session past max-sessions', async () => {
      await create('In-A', session('a'))
      await create('In-B', session('b'))
      await create('In-C', session('c'))
      await count(session('a'))
      await create('In-D', session('d'))
      expect(await count(session('a'))).toBe(13)
      expect(await count(session('b'))).toBe(12)
    })
    it.each(['', 'x'.repeat(65), 'has space', 'semi;colon', '__proto__/x'])(
      'refuses X-Mock-Session %j with a 400 Error',
      async (name) => {
        await expectError(await get('/pets', { ...auth, 'x-mock-session': name }), 400, 'invalid_session')
      },
    )
  })
})

import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { developmentApiKey } from '../../mocks/core/create-pet-store-core.ts'
import { type MockTransport, mockTransports } from '../support/mock-transports.ts'
import { checkAnswer } from './check-answer.ts'
import type { FuzzAnswer } from './fuzz-answer.ts'

const auth = { authorization: `Bearer ${developmentApiKey}` }

// Counterexamples the fuzz found in-process: msw decodes the path to match it and throws on a
// malformed escape, so mock.fetch rejects instead of answering.
describe.each(mockTransports)('%s mock', (_name, start) => {
  let mock: MockTransport
  beforeAll(async () => {
    mock = await start({ seed: 1 })
  })
  afterAll(() => mock.close())

  it.each(['/pets/%', '/pets/%Z', '/pets/%E0%A4%A', '/pets/%u0031', '/pets%', '/unknown/%', '/pets/1/%ZZ'])(
    'answers GET /v1%s, a malformed percent-escape, with a 4xx Error body',
    async (path) => {
      let answer: FuzzAnswer
      try {
        const response = await mock.fetch(`${mock.baseUrl}${path}`, { headers: auth })
        answer = {
          kind: 'response',
          status: response.status,
          headers: Object.fromEntries(response.headers),
          body: await response.text(),
        }
      } catch (error) {
        answer = { kind: 'no-answer', reason: `fetch threw ${String(error)}` }
      }
      expect(checkAnswer(answer, { method: 'GET' })).toEqual([])
      expect(answer).toMatchObject({
        kind: 'response',
        status: expect.toSatisfy((status: number) => status >= 400 && status < 500),
      })
    },
  )
})

import { expect, it } from 'vitest'
import { SnapshotError, takeSnapshot } from './take-snapshot.ts'

type Answer = (url: URL) => Response

function fakeFetch(answer: Answer): { fetch: typeof fetch; calls: Array<{ url: string; method: string }> } {
  const calls: Array<{ url: string; method: string }> = []
  const fake = async (input: string | URL | Request, init?: RequestInit) => {
    calls.push({ url: String(input), method: init?.method ?? 'GET' })
    return answer(new URL(String(input)))
  }
  return { fetch: fake as typeof fetch, calls }
}

const json = (value: unknown, status = 200) =>
  new Response(JSON.stringify(value), { status, headers: { 'content-type': 'application/json' } })

it('joins the unfiltered list and one list per status by id, in id order, with GET requests only', async () => {
  const { fetch, calls } = fakeFetch((url) => {
    const status = url.searchParams.get('status')
    if (status === 'sold') return json([{ id: 30, name: 'Late', categoryId: 2, status: 'sold' }])
    if (status) return json([])
    return json([
      { id: 9, name: 'Rex', categoryId: 1, status: 'available' },
      { id: 3, name: 'Tom', categoryId: 1 },
    ])
  })
  const snapshot = await takeSnapshot({ baseUrl: 'https://staging.test/v1/', apiKey: 'k', fetch })
  expect(snapshot.fixtures).toEqual([
    { name: 'Tom', categoryId: 1 },
    { name: 'Rex', categoryId: 1, status: 'available' },
    { name: 'Late', categoryId: 2, status: 'sold' },
  ])
  expect(calls.map((call) => call.method)).toEqual(['GET', 'GET', 'GET', 'GET'])
  expect(calls.map((call) => call.url)).toEqual([
    'https://staging.test/v1/pets?limit=100',
    'https://staging.test/v1/pets?limit=100&status=available',
    'https://staging.test/v1/pets?limit=100&status=pending',
    'https://staging.test/v1/pets?limit=100&status=sold',
  ])
  expect(snapshot.full).toEqual([])
})

it('says which lists came back full, since the interface has no paging beyond limit', async () => {
  const page = Array.from({ length: 100 }, (_, i) => ({ id: i + 1, name: `p${i}`, categoryId: 1, status: 'pending' }))
  const { fetch } = fakeFetch((url) => (url.searchParams.get('status') === 'available' ? json([]) : json(page)))
  const snapshot = await takeSnapshot({ baseUrl: 'https://staging.test/v1', apiKey: 'k', fetch })
  expect(snapshot.full).toEqual(['limit=100', 'limit=100&status=pending', 'limit=100&status=sold'])
})

it('refuses an answer other than 200, a body that is not JSON and a list that is not an array', async () => {
  const cases: Array<[Answer, RegExp]> = [
    [() => json({ code: 'unauthorized' }, 401), /expected 200, got 401\. Check --api-key\./],
    [() => json({}, 500), /expected 200, got 500\.$/],
    [() => new Response('<html>', { status: 200 }), /a body that is not JSON/],
    [() => json({ pets: [] }), /expected an array of Pet, got object/],
    [() => new Response(null, { status: 302, headers: { location: 'https://elsewhere.test/' } }), /got 302/],
  ]
  for (const [answer, message] of cases) {
    const { fetch } = fakeFetch(answer)
    const failure = await takeSnapshot({ baseUrl: 'https://staging.test/v1', apiKey: 'k', fetch }).catch((e) => e)
    expect(failure).toBeInstanceOf(SnapshotError)
    expect(failure.message).toMatch(message)
  }
})

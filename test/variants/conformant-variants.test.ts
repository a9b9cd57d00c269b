import { expect, it } from 'vitest'
import { parseJson } from '../../spec/json/parse-json.ts'
import { conformantVariants } from './conformant-variants.ts'
import { serveVariant, validAuth } from './variant.ts'

const base = 'http://petstore.test/v1'
const headers = { authorization: validAuth, 'content-type': 'application/json' }
const variant = (name: string) => conformantVariants.find((candidate) => candidate.name === name)!

it('shows every id moved by the offset, in lists, creates and reads', async () => {
  const fetch = await serveVariant(variant('ids-above-2^53'))
  const [first] = parseJson(await (await fetch(`${base}/pets?limit=1`, { headers })).text()) as Array<{ id: bigint }>
  expect(first?.id).toBe(2n ** 62n + 1n)
  const created = await fetch(`${base}/pets`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ id: 3, name: 'Rex', categoryId: 1 }),
  })
  const { id } = parseJson(await created.text()) as { id: bigint }
  expect(id).toBeGreaterThan(2n ** 62n + 1n)
  const read = await fetch(`${base}/pets/${id}`, { headers })
  expect(parseJson(await read.text())).toMatchObject({ id, name: 'Rex' })
})

it('takes the ids it shows on every method and path form the router takes, never the good mock ones', async () => {
  const fetch = await serveVariant(variant('large-ids'))
  const shown = String(10n ** 12n + 1n)
  expect((await fetch(`${base}/pets/${shown}`, { method: 'HEAD', headers })).status).toBe(200)
  expect((await fetch(`${base}/pets/${shown}/`, { headers })).status).toBe(200)
  expect((await fetch(`${base}/pets/%3${shown.slice(0, 1)}${shown.slice(1)}`, { headers })).status).toBe(200)
  expect((await fetch(`${base}/pets/1`, { headers })).status).toBe(404)
  // Not an int64: refused by the good mock as it came.
  expect((await fetch(`${base}/pets/${2n ** 64n}`, { headers })).status).toBe(400)
})

it('lists pets newest first, a created one at the head of its status', async () => {
  const fetch = await serveVariant(variant('newest-first'))
  const body = JSON.stringify({ name: 'Newest', categoryId: 1, status: 'sold' })
  const { id } = (await (await fetch(`${base}/pets`, { method: 'POST', headers, body })).json()) as { id: number }
  const sold = (await (await fetch(`${base}/pets?status=sold&limit=3`, { headers })).json()) as Array<{ id: number }>
  expect(sold[0]?.id).toBe(id)
  expect(sold.map((pet) => pet.id)).toEqual([...sold.map((pet) => pet.id)].sort((a, b) => b - a))
  const all = (await (await fetch(`${base}/pets?limit=100`, { headers })).json()) as Array<{ id: number }>
  expect(all.map((pet) => pet.id)).toEqual(Array.from({ length: id }, (_, i) => id - i))
})

it('refuses a name its storage cannot hold only after the key, and stores nothing then', async () => {
  const fetch = await serveVariant(variant('storage-limited-names'))
  const body = JSON.stringify({ name: 'x'.repeat(256), categoryId: 1 })
  const anonymous = await fetch(`${base}/pets`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body,
  })
  expect(anonymous.status).toBe(401)
  const refused = await fetch(`${base}/pets`, { method: 'POST', headers, body })
  expect(refused.status).toBe(400)
  expect(await refused.json()).toMatchObject({ status: 400 })
  const all = (await (await fetch(`${base}/pets?limit=100`, { headers })).json()) as Array<{ name: string }>
  expect(all.filter((pet) => pet.name.length > 255)).toEqual([])
})

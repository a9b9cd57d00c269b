import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { petSchema } from '../../spec/schemas.ts'
import { type ServeProcess, startServeProcess } from '../support/start-serve-process.ts'

const auth = { authorization: 'Bearer petstore-dev-key' }
let directory: string
beforeAll(async () => {
  directory = await mkdtemp(join(tmpdir(), 'petstore-state-'))
})
afterAll(() => rm(directory, { recursive: true, force: true }))

async function killHard(serve: ServeProcess): Promise<void> {
  serve.child.kill('SIGKILL')
  await serve.exited
}

function create(url: string, name: string): Promise<Response> {
  return fetch(`${url}/pets`, {
    method: 'POST',
    headers: { ...auth, 'content-type': 'application/json' },
    body: JSON.stringify({ name, categoryId: 3, status: 'pending' }),
  })
}

it('creates a missing state file with the seeded pets', async () => {
  const file = join(directory, 'created.json')
  const serve = await startServeProcess(['--port', '0', '--pets', '12', '--state-file', file])
  try {
    expect(serve.output()).toContain('(created)')
    const state = JSON.parse(await readFile(file, 'utf8'))
    expect(petSchema.array().parse(state.pets)).toHaveLength(12)
  } finally {
    await killHard(serve)
  }
})

it('keeps every acknowledged create through kill -9 and a restart, and continues the ids', async () => {
  const file = join(directory, 'durable.json')
  const first = await startServeProcess(['--port', '0', '--pets', '5', '--state-file', file])
  const acknowledged: Array<{ id: number; name: string }> = []
  try {
    const one = await create(first.url as string, 'Survivor')
    expect(one.status).toBe(201)
    acknowledged.push(await one.json())
    // A burst: all of them must be there after the kill, whichever flush they shared.
    const burst = await Promise.all(Array.from({ length: 200 }, (_, i) => create(first.url as string, `Burst ${i}`)))
    for (const response of burst) {
      expect(response.status).toBe(201)
      acknowledged.push(await response.json())
    }
  } finally {
    await killHard(first)
  }
  const second = await startServeProcess(['--port', '0', '--pets', '5', '--state-file', file])
  try {
    expect(second.output()).toContain('(loaded)')
    const url = second.url as string
    const survivor = await fetch(`${url}/pets/${acknowledged[0]?.id}`, { headers: auth })
    expect(await survivor.json()).toEqual({ ...acknowledged[0], categoryId: 3, status: 'pending' })
    const listed = petSchema
      .array()
      .parse(await (await fetch(`${url}/pets?status=pending&limit=100`, { headers: auth })).json())
    const pending = new Set(listed.map((pet) => pet.id))
    const state = JSON.parse(await readFile(file, 'utf8')) as { pets: Array<{ id: number }> }
    const stored = new Set(state.pets.map((pet) => pet.id))
    for (const pet of acknowledged) expect(stored.has(pet.id), `pet ${pet.id}`).toBe(true)
    expect(pending.has(acknowledged[0]?.id as number)).toBe(true)
    const next = await (await create(url, 'After restart')).json()
    expect(next.id).toBe(Math.max(...acknowledged.map((pet) => pet.id)) + 1)
  } finally {
    await killHard(second)
  }
})

it('keeps the int64 extremes of categoryId to the digit through a restart', async () => {
  const file = join(directory, 'int64.json')
  const extremes = ['9223372036854775807', '-9223372036854775808']
  const created: Array<string> = []
  const first = await startServeProcess(['--port', '0', '--pets', '2', '--state-file', file])
  try {
    for (const categoryId of extremes) {
      const answer = await fetch(`${first.url}/pets`, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json' },
        body: `{"name":"Big","categoryId":${categoryId}}`,
      })
      const text = await answer.text()
      expect(answer.status, text).toBe(201)
      expect(text).toContain(`"categoryId":${categoryId}}`)
      created.push(String(JSON.parse(text).id))
    }
    // A create after them still gets to the disk: no value left the state file unwritable.
    expect((await create(first.url as string, 'After')).status).toBe(201)
  } finally {
    await killHard(first)
  }
  const second = await startServeProcess(['--port', '0', '--pets', '2', '--state-file', file])
  try {
    expect(second.output()).toContain('(loaded)')
    for (const [index, id] of created.entries()) {
      const text = await (await fetch(`${second.url}/pets/${id}`, { headers: auth })).text()
      expect(text).toBe(`{"id":${id},"name":"Big","categoryId":${extremes[index]}}`)
    }
  } finally {
    await killHard(second)
  }
})

it('refuses to start from a corrupt state file with one line, and leaves it untouched', async () => {
  const file = join(directory, 'corrupt.json')
  const corrupt = '{"pets": [{"id": 1, "name": "Half'
  await writeFile(file, corrupt)
  const serve = await startServeProcess(['--port', '0', '--state-file', file])
  const [code] = await serve.exited
  expect(code).toBe(2)
  const lines = serve.output().trim().split('\n')
  expect(lines).toHaveLength(1)
  expect(lines[0]).toMatch(/^error: Failed to load the state file .*corrupt\.json: expected JSON .* left untouched\.$/)
  expect(await readFile(file, 'utf8')).toBe(corrupt)
})

it('refuses a state file holding a pet the spec refuses, naming it, and leaves it untouched', async () => {
  const file = join(directory, 'invalid.json')
  const invalid =
    '{"pets": [{"id": 1, "name": "Fine", "categoryId": 1}, {"id": 2, "name": "Bad", "categoryId": "one"}]}'
  await writeFile(file, invalid)
  const serve = await startServeProcess(['--port', '0', '--state-file', file])
  const [code] = await serve.exited
  expect(code).toBe(2)
  expect(serve.output().trim()).toMatch(
    new RegExp(
      '^error: Failed to read the state file .*: pet 1 \\(id 2\\) is not a valid Pet \\("categoryId": .*\\)\\. ' +
        'Fix or remove it; it was left untouched\\.$',
    ),
  )
  expect(await readFile(file, 'utf8')).toBe(invalid)
})

it('writes nothing to disk without --state-file', async () => {
  const empty = await mkdtemp(join(directory, 'cwd-'))
  const serve = await startServeProcess(['--port', '0'], { cwd: empty })
  try {
    expect((await create(serve.url as string, 'Ephemeral')).status).toBe(201)
    expect(await readdir(empty)).toEqual([])
  } finally {
    await killHard(serve)
  }
})

it('lists the state flags in --help', async () => {
  const serve = await startServeProcess(['--help'])
  await serve.exited
  for (const flag of ['--now ISO-8601', '--state-file FILE', '--fixtures FILE', 'snapshot --help'])
    expect(serve.output()).toContain(flag)
})

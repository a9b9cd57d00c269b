import { access, mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { createPetStoreCore } from '../../mocks/core/create-pet-store-core.ts'
import { createPetStoreModel, type PetStoreModel } from '../../mocks/model/create-pet-store-model.ts'
import { parseFixtures } from '../../mocks/model/parse-fixtures.ts'
import { createMockServer, type MockServer } from '../../mocks/node/create-mock-server.ts'
import { runServeProcess, startServeProcess } from '../support/start-serve-process.ts'
import { startStubServer } from '../support/start-stub-server.ts'

const key = 'snapshot-secret-key-42'
let directory: string
let model: PetStoreModel
let target: MockServer
let baseUrl: string
const methods: Array<string> = []

beforeAll(async () => {
  directory = await mkdtemp(join(tmpdir(), 'petstore-snapshot-'))
  model = await createPetStoreModel({ seed: 8, pets: 130 })
  target = createMockServer({ core: createPetStoreCore({ model, apiKeys: [key] }), port: 0 })
  target.server.on('request', (request) => methods.push(request.method ?? ''))
  ;({ baseUrl } = await target.listen())
})
afterAll(async () => {
  await target.close()
  await rm(directory, { recursive: true, force: true })
})

it("writes a deployment's pets as fixtures with GET requests only, never writing or printing the key", async () => {
  const out = join(directory, 'staging.json')
  methods.length = 0
  const run = await runServeProcess(['snapshot', '--base-url', baseUrl, '--out', out], {
    env: { PETSTORE_API_KEY: key },
  })
  expect(run.code, run.stderr).toBe(0)
  expect(methods).toEqual(['GET', 'GET', 'GET', 'GET'])
  const text = await readFile(out, 'utf8')
  const fixtures = parseFixtures(JSON.parse(text))
  // 130 pets, no paging: the unfiltered list shows the first 100, the status lists add the rest they show.
  const shown = new Set(
    [undefined, 'available', 'pending', 'sold'].flatMap((status) =>
      model.listPets({ status: status as never, limit: 100 }).map((pet) => pet.id),
    ),
  )
  const expected = model.allPets().filter((pet) => shown.has(pet.id))
  expect(fixtures).toEqual(expected.map(({ id: _id, ...pet }) => pet))
  expect(run.stdout).toContain(`Wrote ${expected.length} pets to ${out}`)
  expect(run.stdout).toMatch(/GET \/pets\?limit=100 returned the full 100: the deployment may hold more pets/)
  expect(run.stdout + run.stderr + text).not.toContain(key)
})

it('seeds the mock from the snapshot with --fixtures, then generated pets up to --pets', async () => {
  const out = join(directory, 'small.json')
  const small = await createPetStoreModel({ seed: 3, pets: 9 })
  const smallTarget = createMockServer({ core: createPetStoreCore({ model: small, apiKeys: [key] }), port: 0 })
  const smallUrl = (await smallTarget.listen()).baseUrl
  try {
    const run = await runServeProcess(['snapshot', '--base-url', smallUrl, '--api-key', key, '--out', out])
    expect(run.code, run.stderr).toBe(0)
    expect(run.stdout + run.stderr).not.toContain(key)
  } finally {
    await smallTarget.close()
  }
  const serve = await startServeProcess(['--port', '0', '--fixtures', out, '--pets', '15', '--seed', '4'])
  try {
    const pets = await (
      await fetch(`${serve.url}/pets?limit=100`, { headers: { authorization: 'Bearer petstore-dev-key' } })
    ).json()
    expect(pets).toHaveLength(15)
    expect(pets.slice(0, 9)).toEqual(small.allPets())
  } finally {
    serve.child.kill('SIGKILL')
    await serve.exited
  }
  // Fewer pets than fixtures would drop some: refused, not done quietly.
  const fewer = await runServeProcess(['--port', '0', '--fixtures', out, '--pets', '5'])
  expect(fewer.code).toBe(2)
  expect(fewer.stderr.trim()).toBe(
    'error: Failed to seed the pets: expected at least as many pets as the 9 fixtures, got 5. ' +
      'Raise pets (--pets) or leave it out to start with every fixture.',
  )
})

it('refuses a deployment that answers a pet the spec refuses, naming it, and writes no file', async () => {
  const stub = await startStubServer((_request, response) => {
    response.setHeader('content-type', 'application/json')
    response.end(
      '[{"id": 1, "name": "Fine", "categoryId": 1}, {"id": 2, "name": "Odd", "categoryId": 1, "status": "lost"}]',
    )
  })
  const out = join(directory, 'refused.json')
  try {
    const run = await runServeProcess(['snapshot', '--base-url', `${stub.url}/v1`, '--api-key', key, '--out', out])
    expect(run.code).toBe(2)
    expect(run.stderr.trim()).toMatch(
      /^error: Failed to read GET \/pets\?limit=100: pet 1 \(id 2\) is not a valid Pet \("status": .*\)\.$/,
    )
    expect(stub.received.every((request) => request.method === 'GET')).toBe(true)
    await expect(access(out)).rejects.toThrow()
  } finally {
    await stub.close()
  }
})

it('says which flag to check when the key is refused, without printing it', async () => {
  const run = await runServeProcess([
    'snapshot',
    '--base-url',
    baseUrl,
    '--api-key',
    'wrong-key-123',
    '--out',
    join(directory, 'never.json'),
  ])
  expect(run.code).toBe(2)
  expect(run.stderr.trim()).toBe('error: Failed to read GET /pets?limit=100: expected 200, got 401. Check --api-key.')
  expect(run.stdout + run.stderr).not.toContain('wrong-key-123')
})

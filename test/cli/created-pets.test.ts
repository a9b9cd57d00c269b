import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, expect, it } from 'vitest'
import { startPetStoreServer } from '../../mocks/node/start-pet-store-server.ts'
import { parseJson } from '../../spec/json/parse-json.ts'
import { scaledMs } from '../../tools/time-scale.ts'
import { runContractProcess } from '../support/run-contract-process.ts'
import { startProxyServer } from '../support/start-proxy-server.ts'
import { useTestSeed } from '../support/test-seed.ts'

const cleanups: Array<() => Promise<void>> = []
afterEach(async () => {
  await Promise.all(cleanups.splice(0).map((cleanup) => cleanup()))
})

const key = 'created-pets-key-9'

it(
  'prints how many pets it created, lists their ids in the JSON report, tags the names it chose',
  async () => {
    const server = await startPetStoreServer({ apiKeys: [key] })
    cleanups.push(server.close)
    const origin = new URL(server.baseUrl).origin
    const state = async () =>
      (parseJson(await (await fetch(`${origin}/__mock/state`)).text()) as { pets: Array<{ id: number; name: string }> })
        .pets
    const before = new Set((await state()).map((pet) => String(pet.id)))
    const dir = await mkdtemp(join(tmpdir(), 'contract-created-'))
    cleanups.push(() => rm(dir, { recursive: true, force: true }))
    // Creates answered slowly, and a budget of a second a check: budgets end checks while creates are in flight, and
    // those pets, created after their check ended, are the run's too.
    const slowCreates = await startProxyServer(server.baseUrl, async (upstream, request) => {
      if (request.method === 'POST') await new Promise((resolve) => setTimeout(resolve, 150))
      return upstream
    })
    cleanups.push(slowCreates.close)
    const run = await runContractProcess(
      [
        '--base-url',
        `${slowCreates.url}/v1`,
        '--report-dir',
        dir,
        '--seed',
        String(useTestSeed()),
        '--time-budget-s',
        '1',
      ],
      { PETSTORE_API_KEY: key },
      scaledMs(120_000),
    )
    expect(run.code, run.stdout + run.stderr).toBe(0)
    const added = (await state()).filter((pet) => !before.has(String(pet.id)))
    const report = JSON.parse(await readFile(join(dir, 'contract-report.json'), 'utf8'))
    expect([...report.created.ids].sort()).toEqual(added.map((pet) => String(pet.id)).sort())
    expect(run.stdout).toContain(`Created: ${added.length} pets on the target (names the run chose carry `)
    expect(run.stdout).toContain('cut short by the time budget')
    expect(report.created.runTag).toMatch(/^contract-[a-z0-9]+$/)
    // The setup's pets and the named scenarios' carry the tag; the exploring phases' names are the edge values they
    // try.
    expect(added.filter((pet) => pet.name.startsWith(report.created.runTag)).length).toBeGreaterThan(10)
    const junit = await readFile(join(dir, 'junit.xml'), 'utf8')
    expect(junit).toContain(`<property name="createdPets" value="${added.length}"/>`)
  },
  scaledMs(150_000),
)

it('creates nothing in a read-only run, and says so', async () => {
  const server = await startPetStoreServer({ apiKeys: [key] })
  cleanups.push(server.close)
  const dir = await mkdtemp(join(tmpdir(), 'contract-created-'))
  cleanups.push(() => rm(dir, { recursive: true, force: true }))
  const args = ['--base-url', server.baseUrl, '--read-only', '--only', 'listPets', '--report-dir', dir]
  const run = await runContractProcess(args, { PETSTORE_API_KEY: key })
  expect(run.code, run.stdout + run.stderr).toBe(0)
  expect(run.stdout).toContain('Created: nothing on the target')
  expect(JSON.parse(await readFile(join(dir, 'contract-report.json'), 'utf8')).created.ids).toEqual([])
})

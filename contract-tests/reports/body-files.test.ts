import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, it } from 'vitest'
import { placeBodyFiles, writeBodyFiles } from './body-files.ts'
import { curlCommand } from './curl-command.ts'
import { runResultFixture } from './run-result-fixture.test-support.ts'

it('sends the long pieces of a request whose line would pass 2,000 characters to files, and writes them', async () => {
  const result = runResultFixture()
  const [first] = result.scenarios
  const long = Array.from({ length: 3_000 }, (_, index) => String.fromCharCode(33 + ((index * 7) % 90))).join('')
  const body = JSON.stringify({ name: long, categoryId: 1 })
  const exchange = first!.exchanges[0]!
  first!.exchanges.push({ ...exchange, request: { ...exchange.request, method: 'POST', body } })
  const dir = await mkdtemp(join(tmpdir(), 'contract-bodies-'))
  try {
    const placed = placeBodyFiles(result, dir)
    const [kept, moved] = [placed.scenarios[0]!.exchanges[0]!, placed.scenarios[0]!.exchanges.at(-1)!]
    expect(kept.request.bodyFiles).toBeUndefined()
    expect(moved.request.bodyFiles).toBe(join(dir, 'request-bodies'))
    expect(curlCommand(moved.request).length).toBeLessThan(2_000)
    expect(await writeBodyFiles(placed)).toEqual([join(dir, 'request-bodies')])
    const [file] = await readdir(join(dir, 'request-bodies'))
    expect(curlCommand(moved.request)).toContain(`cat '${join(dir, 'request-bodies', file!)}'`)
    expect(body).toContain(await readFile(join(dir, 'request-bodies', file!), 'latin1'))
    expect(placeBodyFiles(placed, '/elsewhere').scenarios[0]!.exchanges.at(-1)!.request.bodyFiles).toBe(
      join(dir, 'request-bodies'),
    )
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
})

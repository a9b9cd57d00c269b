import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, expect, it } from 'vitest'
import { parseJson } from '../spec/json/parse-json.ts'
import { openPetRecording } from './pet-recording.ts'

const dir = await mkdtemp(join(tmpdir(), 'pet-recording-'))
afterAll(() => rm(dir, { recursive: true, force: true }))

it('extends a state file: merged by id, the newest answer winning, int64 kept, unservable pets left out', async () => {
  const path = join(dir, 'pets.json')
  await writeFile(
    path,
    '{"pets": [{"id": 2, "name": "Old", "categoryId": 1}, {"id": 9, "name": "Kept", "categoryId": 1}]}',
  )
  const recording = await openPetRecording(path)
  recording.add([
    { id: 2, name: 'New', categoryId: 1234567890123456789n, status: 'sold' },
    { id: 3, name: 'Three', categoryId: 1 },
    { id: 2n ** 60n, name: 'Too big', categoryId: 1 },
    { id: 4, name: 'No category' },
  ])
  await recording.flush()
  const text = await readFile(path, 'utf8')
  expect(text).toContain('"categoryId":1234567890123456789')
  expect(
    (parseJson(text) as { pets: Array<{ id: number; name: string }> }).pets.map(({ id, name }) => `${id} ${name}`),
  ).toEqual(['2 New', '3 Three', '9 Kept'])
  expect(recording.note()).toBe(
    `recorded 3 pets in ${path} (1 new, 2 there before); left out: 1 answered pets not valid Pets, ` +
      '1 with ids beyond 2^53, which the mock does not serve',
  )
})

it('refuses a file that is no state file, leaving it untouched', async () => {
  const path = join(dir, 'notes.json')
  await writeFile(path, 'not json')
  await expect(openPetRecording(path)).rejects.toThrow(/Failed to load the state file/)
  expect(await readFile(path, 'utf8')).toBe('not json')
})

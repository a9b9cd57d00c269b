import { readFileSync } from 'node:fs'
import { lstat, mkdir, mkdtemp, readdir, readFile, rename, rm, symlink, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, expect, it } from 'vitest'
import { MockError } from '../core/mock-error.ts'
import { createPetStoreModel } from '../model/create-pet-store-model.ts'
import { sliceSize } from '../model/pet-table.ts'
import { openStateFile, StateFileError } from './state-file.ts'

let directory: string
beforeEach(async () => {
  directory = await mkdtemp(join(tmpdir(), 'petstore-state-unit-'))
})
afterEach(() => rm(directory, { recursive: true, force: true }))

async function openModel(file: string, pets = 3) {
  const stateFile = await openStateFile(file)
  const model = await createPetStoreModel({ pets, commit: stateFile.commit, initialPets: stateFile.loaded })
  await stateFile.attach(model)
  return { stateFile, model }
}

it('acknowledges a create only once the file on disk holds it', async () => {
  const file = join(directory, 'pets.json')
  const { model } = await openModel(file)
  const pet = await model.createPet({ name: 'Durable', categoryId: 1 })
  // Read synchronously, right at the acknowledgement: no later flush can have helped.
  expect(JSON.parse(readFileSync(file, 'utf8')).pets).toContainEqual(pet)
})

it('groups 1,000 concurrent creates into a few flushes and leaves no temporary file', async () => {
  const file = join(directory, 'pets.json')
  const { model, stateFile } = await openModel(file, 0)
  const before = stateFile.flushes
  const created = await Promise.all(
    Array.from({ length: 1000 }, (_, i) => model.createPet({ name: `p${i}`, categoryId: 1 })),
  )
  expect(stateFile.flushes - before).toBeLessThanOrEqual(5)
  expect(JSON.parse(await readFile(file, 'utf8')).pets).toEqual(created)
  expect(await readdir(directory)).toEqual(['pets.json'])
})

it('writes a store of several slices whole, one pet a line, creates made meanwhile in the next flush', async () => {
  const file = join(directory, 'pets.json')
  const { model } = await openModel(file, sliceSize * 2 + 3)
  const first = model.createPet({ name: 'First', categoryId: 1 })
  // Issued once the first flush is under way, between two of its slices.
  const later = new Promise((resolve) => setImmediate(resolve)).then(() =>
    model.createPet({ name: 'Later', categoryId: 1 }),
  )
  await Promise.all([first, later])
  const text = await readFile(file, 'utf8')
  expect(JSON.parse(text).pets).toEqual(model.allPets())
  expect(text.split('\n')).toHaveLength(sliceSize * 2 + 3 + 2 + 3)
})

it('loads the pets of an existing file, ids kept, and writes replacements and resets through', async () => {
  const file = join(directory, 'pets.json')
  await writeFile(file, '{"pets": [{"id": 9, "name": "Kept", "categoryId": 2}]}')
  const { model, stateFile } = await openModel(file)
  expect(stateFile.loaded).toEqual([{ id: 9, name: 'Kept', categoryId: 2 }])
  expect(model.allPets()).toEqual([{ id: 9, name: 'Kept', categoryId: 2 }])
  await model.replacePets([{ id: 4, name: 'Other', categoryId: 1 }])
  expect(JSON.parse(await readFile(file, 'utf8')).pets).toEqual([{ id: 4, name: 'Other', categoryId: 1 }])
  await model.reset()
  expect(JSON.parse(await readFile(file, 'utf8')).pets).toHaveLength(3)
})

it('refuses a file that is not a state, leaving it as it was', async () => {
  const file = join(directory, 'pets.json')
  for (const text of ['', '[]', '{"pets": {}}', '{"pets": [{"id": 1}]}', 'null']) {
    await writeFile(file, text)
    await expect(openStateFile(file), text).rejects.toThrow(StateFileError)
    expect(await readFile(file, 'utf8')).toBe(text)
  }
})

it('answers a failed write with 503 storage_unavailable, the old file whole, and saves on the next', async () => {
  const home = join(directory, 'home')
  await mkdir(home)
  const file = join(home, 'pets.json')
  const { model } = await openModel(file)
  const before = await readFile(file, 'utf8')
  // The directory moved away and a file in its place: every write fails (ENOTDIR), whoever the user.
  await rename(home, `${home}.away`)
  await writeFile(home, '')
  const failure = await model.createPet({ name: 'Unsaved', categoryId: 1 }).catch((error: unknown) => error)
  expect(failure).toBeInstanceOf(MockError)
  expect(failure).toMatchObject({ status: 503, code: 'storage_unavailable' })
  expect(await readFile(join(`${home}.away`, 'pets.json'), 'utf8')).toBe(before)
  expect(await readdir(`${home}.away`)).toEqual(['pets.json'])
  await rm(home)
  await rename(`${home}.away`, home)
  await model.createPet({ name: 'Saved', categoryId: 1 })
  expect(JSON.parse(await readFile(file, 'utf8')).pets).toHaveLength(5)
})

it('keeps int64 categoryIds to the digit through a write and a reopen', async () => {
  const file = join(directory, 'pets.json')
  const { model } = await openModel(file)
  const max = await model.createPet({ name: 'Max', categoryId: 9223372036854775807n })
  const min = await model.createPet({ name: 'Min', categoryId: -9223372036854775808n })
  const text = await readFile(file, 'utf8')
  expect(text).toContain(`{"id":${max.id},"name":"Max","categoryId":9223372036854775807}`)
  expect(text).toContain(`{"id":${min.id},"name":"Min","categoryId":-9223372036854775808}`)
  const reopened = await openModel(file)
  expect(reopened.model.findPet(max.id)?.categoryId).toBe(9223372036854775807n)
  expect(reopened.model.findPet(min.id)?.categoryId).toBe(-9223372036854775808n)
})

it('writes through a state file that is a symbolic link, which stays a link', async () => {
  await mkdir(join(directory, 'real'))
  const target = join(directory, 'real', 'state.json')
  const file = join(directory, 'pets.json')
  await symlink(target, file)
  const { model } = await openModel(file)
  const pet = await model.createPet({ name: 'Linked', categoryId: 1 })
  expect((await lstat(file)).isSymbolicLink()).toBe(true)
  expect(JSON.parse(await readFile(target, 'utf8')).pets).toContainEqual(pet)
  expect(await readdir(join(directory, 'real'))).toEqual(['state.json'])
})

it('removes the temporary files a killed server left beside the state file, and nothing else', async () => {
  const file = join(directory, 'pets.json')
  await writeFile(`${file}.4242.tmp`, '{"pets": [')
  await writeFile(`${file}.9f86d081884c7d65.tmp`, '{"pets": [')
  await writeFile(join(directory, 'other.json.4242.tmp'), 'kept')
  await openModel(file)
  expect((await readdir(directory)).sort()).toEqual(['other.json.4242.tmp', 'pets.json'])
})

import { lstat, mkdtemp, readdir, readFile, readlink, rm, symlink, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, expect, it } from 'vitest'
import { temporaryName, temporarySuffix, writeAtomically } from './write-atomically.ts'

let directory: string
beforeEach(async () => {
  directory = await mkdtemp(join(tmpdir(), 'petstore-atomic-'))
})
afterEach(() => rm(directory, { recursive: true, force: true }))

it('names each temporary file with 64 random bits, not the process id', () => {
  const names = new Set(Array.from({ length: 100 }, () => temporaryName('/state/pets.json')))
  expect(names.size).toBe(100)
  for (const name of names) {
    expect(name).toMatch(/^\/state\/pets\.json\.[0-9a-f]{16}\.tmp$/)
    expect(name.slice('/state/pets.json'.length)).toMatch(temporarySuffix)
    expect(name).not.toContain(`.${process.pid}.`)
  }
})

it('refuses a symbolic link planted at the temporary name instead of writing through it', async () => {
  const file = join(directory, 'pets.json')
  const victim = join(directory, 'victim.txt')
  await writeFile(file, 'old state')
  await writeFile(victim, 'precious')
  const planted = `${file}.planted.tmp`
  await symlink(victim, planted)
  await expect(writeAtomically(file, 'new state', () => planted)).rejects.toMatchObject({ code: 'EEXIST' })
  expect(await readFile(victim, 'utf8')).toBe('precious')
  expect(await readFile(file, 'utf8')).toBe('old state')
  expect(await readlink(planted)).toBe(victim)
})

it('writes the target of a path that is a symbolic link, which stays a link', async () => {
  const target = join(directory, 'real.json')
  const link = join(directory, 'pets.json')
  await writeFile(target, 'old')
  await symlink('real.json', link)
  await writeAtomically(link, 'new')
  expect((await lstat(link)).isSymbolicLink()).toBe(true)
  expect(await readFile(target, 'utf8')).toBe('new')
  expect((await readdir(directory)).sort()).toEqual(['pets.json', 'real.json'])
})

it('creates the missing target of a dangling link, through a chain of links', async () => {
  const link = join(directory, 'pets.json')
  await symlink('middle.json', link)
  await symlink(join(directory, 'final.json'), join(directory, 'middle.json'))
  await writeAtomically(link, 'created')
  expect(await readFile(join(directory, 'final.json'), 'utf8')).toBe('created')
  expect((await lstat(link)).isSymbolicLink()).toBe(true)
  expect((await lstat(join(directory, 'middle.json'))).isSymbolicLink()).toBe(true)
})

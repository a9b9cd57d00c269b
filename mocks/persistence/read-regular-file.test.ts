import { execFileSync } from 'node:child_process'
import { mkdtemp, rm, symlink, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, expect, it } from 'vitest'
import { NotRegularFileError, readRegularFile } from './read-regular-file.ts'
import { openStateFile, StateFileError } from './state-file.ts'

let directory: string
beforeEach(async () => {
  directory = await mkdtemp(join(tmpdir(), 'petstore-regular-'))
})
afterEach(() => rm(directory, { recursive: true, force: true }))

function mkfifo(name: string): string {
  const path = join(directory, name)
  execFileSync('mkfifo', [path])
  return path
}

it('reads a regular file, through a symbolic link too', async () => {
  await writeFile(join(directory, 'pets.json'), '{"pets": []}')
  await symlink('pets.json', join(directory, 'link.json'))
  expect(await readRegularFile(join(directory, 'link.json'))).toBe('{"pets": []}')
})

it('refuses a FIFO without waiting for a writer, and a link to one, naming what it is', async () => {
  const fifo = mkfifo('pets.fifo')
  await symlink('pets.fifo', join(directory, 'link.json'))
  await expect(readRegularFile(fifo)).rejects.toThrow(NotRegularFileError)
  await expect(readRegularFile(join(directory, 'link.json'))).rejects.toThrow(
    'it is a FIFO (named pipe), not a regular file',
  )
  await expect(readRegularFile(directory)).rejects.toThrow('it is a directory, not a regular file')
})

it('passes a missing file on as ENOENT, for the state file to create it', async () => {
  await expect(readRegularFile(join(directory, 'missing.json'))).rejects.toMatchObject({ code: 'ENOENT' })
})

it('refuses a FIFO as the state file with a one-line StateFileError', async () => {
  const fifo = mkfifo('state.fifo')
  const refusal = openStateFile(fifo)
  await expect(refusal).rejects.toThrow(StateFileError)
  await expect(refusal).rejects.toThrow(/^Failed to read the state file .*state\.fifo: it is a FIFO \(named pipe\)/)
})

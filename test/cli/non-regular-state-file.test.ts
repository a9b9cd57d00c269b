import { execFileSync } from 'node:child_process'
import { mkdir, mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { runServeProcess } from '../support/start-serve-process.ts'

// A FIFO (or a directory, a device) given as --state-file or --fixtures is refused at once in one line, without
// being opened: reading a FIFO would wait for a writer, and the start-up would hang without a word.

let directory: string
let fifo: string
beforeAll(async () => {
  directory = await mkdtemp(join(tmpdir(), 'petstore-fifo-'))
  fifo = join(directory, 'pets.fifo')
  execFileSync('mkfifo', [fifo])
})
afterAll(() => rm(directory, { recursive: true, force: true }))

/** Runs the serve CLI, which must end by itself: a hang is killed by the runner and leaves `code` null. */
async function refused(args: Array<string>) {
  const { code, stdout, stderr } = await runServeProcess(['--port', '0', ...args])
  expect(code, stdout + stderr).toBe(2)
  expect(stdout).not.toContain('ready')
  const lines = stderr.trim().split('\n')
  expect(lines, stderr).toHaveLength(1)
  expect(stderr).not.toMatch(/\n\s+at /)
  return lines[0]
}

it('refuses a FIFO as --state-file at once, in one line, with exit code 2', async () => {
  expect(await refused(['--state-file', fifo])).toBe(
    `error: Failed to read the state file ${fifo}: it is a FIFO (named pipe), not a regular file. ` +
      "Give a regular file's path.",
  )
})

it('refuses a directory as --state-file, and a FIFO as --fixtures, naming what each is', async () => {
  const folder = join(directory, 'folder')
  await mkdir(folder)
  expect(await refused(['--state-file', folder])).toContain('it is a directory, not a regular file')
  expect(await refused(['--fixtures', fifo])).toBe(
    `error: Failed to read the fixtures file ${fifo}: it is a FIFO (named pipe), not a regular file.`,
  )
  expect(await refused(['--state-file', '/dev/zero'])).toContain('it is a character device, not a regular file')
})

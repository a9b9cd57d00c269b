import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { expect, it } from 'vitest'
import { scaledMs } from '../../tools/time-scale.ts'
import { runCommand } from '../consumer/run-command.ts'
import { freePort, listening } from '../support/ports.ts'
import { projectRoot, type RunningScript, startScript } from '../support/run-script.ts'
import { type DocsCodeBlock, docsCodeBlocks } from './docs-code-blocks.ts'
import { expectEveryBlockRun } from './expect-every-block-run.ts'

// README.md keeps only what a newcomer needs first, and every block it keeps is run by a test: this file runs the
// commands of "Start here" and checks the layout; the blocks taken from files name the file a test runs.
const page = 'README.md'
const blocks = await docsCodeBlocks(page)
const runHere = blocks.filter(
  (block) => block.checked?.kind === 'run' && block.checked.file === 'test/docs/readme.test.ts',
)

/** The block of this file whose first line starts with `start`. */
function blockStarting(start: string): DocsCodeBlock {
  const block = runHere.find((candidate) => candidate.text.startsWith(start))
  if (!block) throw new Error(`Failed to find the README block that starts with "${start}": it moved or changed.`)
  return block
}

it('shows only code a test runs: lines of a file a test runs, or a block a test reads and runs', async () => {
  expect(blocks.length).toBeGreaterThan(5)
  await expectEveryBlockRun(blocks)
})

const ready = /ready: http:\/\/127\.0\.0\.1:4010\/v1/

/**
 * Starts the README's command on its default port, 4010. Another `npm test` on the same machine holds that port for
 * seconds at a time: wait for it to be free (a minute at most, scaled to the load), and start again when the other
 * took it first.
 */
async function startOnDefaultPort(command: string, args: Array<string>): Promise<RunningScript> {
  const deadline = Date.now() + scaledMs(60_000)
  for (;;) {
    while (await listening(4010)) {
      if (Date.now() > deadline)
        throw new Error('Port 4010 stayed taken for a minute: stop the mock running there, then run this test.')
      await sleep(250)
    }
    const server = await startScript(command, args, ready, {}, { detached: true })
    if (ready.test(server.output())) return server
    await server.exited
    if (!server.output().includes('port 4010 is in use') || Date.now() > deadline)
      throw new Error(`Failed to start the README's mock: ${server.output()}`)
  }
}

it('starts the mock with the first command, and its three curls list, create and send a message', async () => {
  const [install, start] = blockStarting('npm ci').text.split(' && ')
  expect(install).toBe('npm ci')
  // `npm ci` is what CI ran before this test (`.ci/run`); this runs the rest as written, on its default port.
  const [command = '', ...args] = (start ?? '').split(' ')
  const server = await startOnDefaultPort(command, args)
  try {
    expect(server.output()).toContain('ready: http://127.0.0.1:4010/v1')
    const curls = blockStarting('curl').text.replaceAll('\\\n', ' ').split('\n')
    expect(curls).toHaveLength(3)
    const answers = []
    for (const curl of curls) {
      const result = await runCommand('bash', ['-euo', 'pipefail', '-c', curl], { cwd: projectRoot })
      expect(result.code, result.stderr).toBe(0)
      answers.push(JSON.parse(result.stdout))
    }
    const [sold, created, message] = answers
    expect(sold).toHaveLength(2)
    for (const pet of sold) expect(pet).toMatchObject({ id: expect.any(Number), status: 'sold' })
    expect(created).toEqual({ id: expect.any(Number), name: 'Rex', categoryId: 1, status: 'available' })
    expect(message).toMatchObject({ id: expect.any(String), message: 'hello', status: 'queued' })
  } finally {
    const { pid } = server.child
    if (pid !== undefined) process.kill(-pid, 'SIGTERM')
    await server.exited
  }
})

it('serves another port with the command its prose gives for that', async () => {
  const text = await readFile(join(projectRoot, page), 'utf8')
  const [, given] = /`npm start -- --port (\d+)`/.exec(text) ?? []
  expect(given, 'README.md no longer says how to change the port').toBeDefined()
  // As written, on a port free now in place of the one it names, which something else may hold.
  const port = String(await freePort())
  const ready = new RegExp(`ready: http://127\\.0\\.0\\.1:${port}/v1`)
  const server = await startScript('npm', ['start', '--', '--port', port], ready, {}, { detached: true })
  try {
    expect(server.output()).toMatch(ready)
  } finally {
    const { pid } = server.child
    if (pid !== undefined) process.kill(-pid, 'SIGTERM')
    await server.exited
  }
})

it('passes the tests with the second command: CI runs it as written', async () => {
  expect(blockStarting('npm ci && npm test').text).toBe('npm ci && npm test')
  // CI (a clean clone, no stdin) installs with npm ci, then runs exactly npm test.
  const ci = (await readFile(join(projectRoot, '.ci', 'run'), 'utf8')).split('\n')
  const install = ci.findIndex((line) => /^npm ci\b/.test(line))
  expect(install).toBeGreaterThan(-1)
  expect(ci.indexOf('npm test')).toBeGreaterThan(install)
})

it('names every folder of the project in its layout, and no folder that is not there', async () => {
  const layout = blockStarting('spec/').text
  const entries = [...layout.matchAll(/^(\S+)\/\s+([\s\S]*?)(?=^\S|$(?![\s\S]))/gm)].map(([, name, text]) => ({
    name: name as string,
    folders: new Set(
      [...(text as string).matchAll(/(?<![\w./-])([a-z][\w-]*)\/(?![\w/])/g)].map(([, folder]) => folder as string),
    ),
  }))
  const tracked = (await runCommand('git', ['ls-files'], { cwd: projectRoot })).stdout.trim().split('\n')
  const topFolders = new Set(tracked.filter((path) => path.includes('/') && !path.startsWith('.')).map(folderOf))
  expect(new Set(entries.map((entry) => entry.name))).toEqual(topFolders)
  for (const { name, folders } of entries) {
    const present = await readdir(join(projectRoot, name), { withFileTypes: true })
    const subfolders = new Set(
      present
        .filter((entry) => entry.isDirectory())
        .map((entry) => entry.name)
        .filter((folder) => tracked.some((path) => path.startsWith(`${name}/${folder}/`))),
    )
    // Folders named in another entry's text (tools/ under bench/, say) are references, not this folder's own.
    const named = new Set([...folders].filter((folder) => subfolders.has(folder) || !topFolders.has(folder)))
    expect(named, `the layout's ${name}/`).toEqual(subfolders)
  }
})

const folderOf = (path: string): string => path.slice(0, path.indexOf('/'))

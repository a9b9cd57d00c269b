import { createServer, type Server } from 'node:net'
import { afterEach, expect, it } from 'vitest'
import { scaledMs } from '../../tools/time-scale.ts'
import { runTsScript } from '../support/run-script.ts'

const servers: Array<Server> = []
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))))
})

async function takenPort(): Promise<number> {
  const server = createServer()
  servers.push(server)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  if (address === null || typeof address === 'string') throw new Error('no port')
  return address.port
}

// A negative number used to be refused by parseArgs as an "ambiguous" argument, naming no range.
it.each([
  ['scripts/serve.ts', ['--pets', '-1'], '--pets expects a whole number from 0 to 1000000, got "-1".'],
  ['scripts/serve.ts', ['--port', '-80'], '--port expects a whole number from 0 to 65535, got "-80".'],
  ['scripts/serve.ts', ['--max-pets', '0'], '--max-pets expects a whole number from 1 to 100000000, got "0".'],
  [
    'scripts/serve.ts',
    ['--pets', '10', '--max-pets', '5'],
    '--pets 10 is more than --max-pets 5: raise --max-pets or seed fewer pets.',
  ],
  ['scripts/demo.ts', ['--port', '-1'], '--port expects a whole number from 0 to 65535, got "-1".'],
  ['scripts/bench.ts', ['--pets', '-1'], '--pets expects a whole number from 101 to 1000000, got "-1".'],
  ['scripts/fuzz.ts', ['--seconds', '-1'], '--seconds expects a whole number from 1 to 86400, got "-1".'],
  ['scripts/contract.ts', ['--pause-s', '0'], '--pause-s expects a whole number from 1 to 3600, got "0".'],
  [
    'scripts/contract.ts',
    ['--timeout-ms', '-5'],
    '--timeout-ms expects a whole number of milliseconds from 100 to 600000, got "-5".',
  ],
])(
  '%s %j exits 2 with one line naming the option and its range',
  { timeout: scaledMs(30_000) },
  async (path, args, line) => {
    const { code, output } = await runTsScript(path, args)
    expect(code).toBe(2)
    expect(output.trim()).toBe(`error: ${line}`)
  },
)

it.each([
  ['scripts/serve.ts', []],
  ['scripts/demo.ts', []],
])('%s on a port in use says so and how to pick another', { timeout: scaledMs(30_000) }, async (path, args) => {
  const port = await takenPort()
  const { code, output } = await runTsScript(path, [...args, '--port', String(port)])
  expect(code).toBe(2)
  expect(output.trim()).toBe(
    `error: Failed to listen on 127.0.0.1:${port}: port ${port} is in use; pass --port N (0 picks a free one).`,
  )
})

import { expect, it } from 'vitest'
import { runFuzzCli } from './run-fuzz-cli.ts'

async function run(argv: Array<string>, env: Record<string, string> = {}) {
  const out: Array<string> = []
  const err: Array<string> = []
  const code = await runFuzzCli(argv, env, { out: (line) => out.push(line), err: (line) => err.push(line) })
  return { code, out: out.join('\n'), err }
}

it('prints its help with every option and exits 0', async () => {
  const { code, out } = await run(['--help'])
  expect(code).toBe(0)
  for (const option of ['--runs', '--seconds', '--seed', '--path', '--target', '--help']) expect(out).toContain(option)
})

it.each([
  [['--runs', 'abc'], '--runs expects a whole number'],
  [['--runs', '0'], '--runs expects a whole number'],
  [['--seconds', '-1'], '--seconds expects a whole number from 1 to 86400, got "-1".'],
  [['--target', 'staging'], '--target expects one of in-process, standalone, malformed'],
  [['--path', '1:2'], '--path replays one counterexample'],
  [['--bogus'], "Unknown option '--bogus'"],
])('refuses %j with one line and exit code 2', async (argv, message) => {
  const { code, err, out } = await run(argv)
  expect(code).toBe(2)
  expect(err).toHaveLength(1)
  expect(err[0]).toMatch(/^error: /)
  expect(err[0]).toContain(message)
  expect(out).toBe('')
})

it('refuses a FUZZ_SEED that is not a 32-bit integer', async () => {
  const { code, err } = await run(['--runs', '1'], { FUZZ_SEED: '1e3' })
  expect(code).toBe(2)
  expect(err).toEqual(['error: --seed (or FUZZ_SEED) expects a 32-bit integer, got "1e3".'])
})

it('prints the seed first, a line per target and a summary, with an exit code that matches them', async () => {
  const { code, out } = await run(['--runs', '30', '--seconds', '10', '--target', 'standalone'], { FUZZ_SEED: '4242' })
  const lines = out.split('\n')
  expect(lines[0]).toMatch(/^fuzz: seed 4242, at most 30 runs per target, 10 s in all, loopback only/)
  expect(out).toMatch(/^standalone: (ok|FAILED): \d+ runs/m)
  expect(lines.at(-1)).toMatch(/^fuzz: [01] of 1 targets passed in [\d.]+ s, seed 4242/)
  expect(code).toBe(out.includes('standalone: FAILED') ? 1 : 0)
})

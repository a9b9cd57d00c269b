import { mkdtemp, readFile, rm, stat } from 'node:fs/promises'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { delimiter, dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { chromiumPath } from '../../tools/chromium-path.ts'
import { ensureNode22 } from '../../tools/ensure-node-22.ts'
import { scaledMs } from '../../tools/time-scale.ts'
import { docsCodeBlocks } from '../docs/docs-code-blocks.ts'
import { freedWithin, listening } from '../support/ports.ts'
import { type Consumer, consumers } from './consumer-matrix.ts'
import { installConsumer } from './install-consumer.ts'
import { packPackage } from './pack-package.ts'
import { runCommand } from './run-command.ts'
import { killDevServers, startDevServer } from './start-dev-server.ts'
import { killInstalledMocks, startInstalledMock } from './start-installed-mock.ts'

const checkers = fileURLToPath(new URL('../../node_modules/.bin/', import.meta.url))
/** The app's unminified esbuild bundle, msw included, must stay under this (2.0 MB before faker's locales went). */
const bundleBudget = 1_500_000

let tarball: string
const setups = new Map<Consumer, Promise<{ dir: string; path: string }>>()

beforeAll(async () => {
  tarball = await packPackage()
  const node22 = consumers.some((consumer) => consumer.node === '22') ? ensureNode22() : undefined
  // Every project starts installing at once (mostly network and disk); each consumer's checks wait for its own
  // install only, so the first project is checked while the others still install.
  for (const consumer of consumers) {
    const setup = (async () => {
      const bin = consumer.node === '22' ? await node22! : dirname(process.execPath)
      const path = `${bin}${delimiter}${process.env.PATH}`
      return { dir: await installConsumer(tarball, consumer, path), path }
    })()
    // Reported by that consumer's checks; the promise must not be an unhandled rejection meanwhile.
    setup.catch(() => {})
    setups.set(consumer, setup)
  }
}, scaledMs(600_000))

afterAll(async () => {
  killInstalledMocks()
  killDevServers()
  const dirs = await Promise.all(
    [...setups.values()].map((setup) =>
      setup.then(
        ({ dir }) => dir,
        () => undefined,
      ),
    ),
  )
  await Promise.all(
    [...dirs, tarball && dirname(tarball)].map((dir) => dir && rm(dir, { recursive: true, force: true })),
  )
})

describe.concurrent('the packed tarball', { timeout: scaledMs(120_000) }, () => {
  it('ships compiled JavaScript, declarations and the spec, and no tests', async () => {
    const listing = await runCommand('tar', ['tzf', tarball], { cwd: tmpdir() })
    const files = listing.stdout.trim().split('\n')
    expect(files).toContain('package/dist/mocks/index.js')
    expect(files).toContain('package/dist/mocks/index.d.ts')
    expect(files).toContain('package/dist/contract-tests/vitest/index.js')
    expect(files).toContain('package/spec/openapi.yaml')
    expect(
      files.filter((file) => /\.test\.|\/(test|bench|tools|scripts)\/|\.ts$/.test(file.replace(/\.d\.ts$/, ''))),
    ).toEqual([])
  })

  it('passes publint', async () => {
    const result = await runCommand(join(checkers, 'publint'), ['run', tarball, '--strict'], { cwd: tmpdir() })
    expect(result.stdout + result.stderr).toContain('All good!')
    expect(result.code).toBe(0)
  })

  it('passes Are the Types Wrong for ESM consumers, on every module entry point', async () => {
    // openapi.yaml is a file to read, not a module: attw would look for its types.
    const result = await runCommand(
      join(checkers, 'attw'),
      [tarball, '--profile', 'esm-only', '--exclude-entrypoints', './openapi.yaml', '--no-color'],
      { cwd: tmpdir() },
    )
    expect(result.code).toBe(0)
    for (const entry of ['', '/msw', '/node', '/browser', '/playwright', '/contract', '/vitest', '/openapi-fetch']) {
      expect(result.stdout).toContain(`"petstore-contract${entry}"`)
    }
  })
})

// One project after the other (the machine has two cores), the checks of one project side by side.
describe.each(consumers)('a project with msw $msw and vitest $vitest on Node $node', (consumer) => {
  let dir: string
  let path: string
  beforeAll(async () => {
    ;({ dir, path } = await setups.get(consumer)!)
  }, scaledMs(900_000))
  const run = (command: string, args: Array<string>, env: Record<string, string> = {}) =>
    runCommand(command, args, { cwd: dir, env: { PATH: path, ...env } })
  // The project's own tools straight from node_modules/.bin (npx would start npm for each); the package's
  // commands through npx, as its users run them.
  const bin = (name: string) => join(dir, 'node_modules', '.bin', name)

  describe.concurrent('checks, side by side', { timeout: scaledMs(300_000) }, () => {
    it('runs on the Node it was meant for, installed with no peer conflict: npm ls is clean', async () => {
      const node = await run('node', ['--version'])
      if (consumer.node === '22') expect(node.stdout).toMatch(/^v22\.(1[2-9]|[2-9]\d)\./)
      else expect(node.stdout.trim()).toBe(process.version)
      // What npm reports after an install that needed --legacy-peer-deps: an invalid peer at the top level.
      const ls = await run('npm', ['ls'])
      expect(ls.stderr).not.toMatch(/npm error|ERR/)
      expect(ls.stdout).not.toMatch(/invalid|missing|extraneous|ERR/)
      expect(ls.code).toBe(0)
      for (const [name, version] of [
        ['msw', consumer.msw],
        ['vitest', consumer.vitest],
      ]) {
        const copies = JSON.parse((await run('npm', ['query', `#${name}`])).stdout) as Array<{ version: string }>
        expect(copies.map((copy) => copy.version)).toEqual([version])
      }
    })

    it('serves the handlers through its own setupServer, fails unmocked requests, needs no vitest', async () => {
      const result = await run('node', ['--import', './no-vitest.mjs', 'node-check.mjs'])
      expect(result.code, result.stderr).toBe(0)
      expect(JSON.parse(result.stdout)).toMatchObject({
        specVersion: '3.1.0',
        list: { status: 200, count: 3 },
        created: { status: 201, body: { id: 51, name: 'Rex', categoryId: 1, status: 'available' } },
        anonymous: { status: 401, body: { code: 'unauthorized', status: 401 } },
        unmocked: ['failed', 'failed'],
        reachedNetwork: 0,
        fromHandlers: { status: 200, body: { id: 1 } },
        contract: { exitCode: 0 },
      })
      // msw's own 'error' strategy refused them, naming each request.
      expect(result.stderr).toMatch(/without a matching request handler[\s\S]*GET http:\/\/127\.0\.0\.1:\d+\/v1\/pets/)
    })

    it('creates and reads back 2^63-1 exactly through openapi-fetch and petstore-contract/openapi-fetch', async () => {
      // typed-client.ts, the page's example, with its types stripped (the tsc check below judges them).
      const strip = await run(bin('esbuild'), ['typed-client.ts', '--format=esm', '--outfile=typed-client.mjs'])
      expect(strip.code, strip.stderr).toBe(0)
      const result = await run('node', ['--import', './no-vitest.mjs', 'typed-client.mjs'])
      expect(result.code, result.stderr).toBe(0)
      const exact = 'bigint 9223372036854775807'
      expect(JSON.parse(result.stdout)).toEqual({
        created: { status: 201, categoryId: exact },
        read: { status: 200, categoryId: exact, id: 'number 51' },
        listed: { status: 200, categoryId: exact },
        // Without withExactInt64: the number sent is 2^63, beyond int64, and the one read back is rounded.
        plain: { sent: 400, read: 'number 9223372036854776000' },
      })
    })

    it('accepts the types under its own tsc: Node (strict, NodeNext), frontend (no @types/node), Vite', async () => {
      const configs = [
        'tsconfig.json',
        'tsconfig.frontend.json',
        ...(consumer.viteApp ? ['vite-app/tsconfig.json'] : []),
      ]
      const results = await Promise.all(configs.map((config) => run(bin('tsc'), ['-p', config])))
      for (const [index, result] of results.entries()) {
        expect(result.stdout, configs[index]).not.toContain('error TS')
        expect(result.code, configs[index]).toBe(0)
      }
    })

    // Once per msw major (consumer-matrix.ts): the projects without the app have no test for it, not a skipped one.
    // docs/playwright.md's config, twice: with no dev server (Playwright starts one, on a free port: APP_PORT), then
    // with the app's dev server already running, as its developer keeps it, outside CI: Playwright uses that one. Vite
    // 8.4 refuses a second dev process for the project, so the second run passes only if no other was started.
    if (consumer.viteApp)
      it("runs the Vite app under docs/playwright.md's config, with its dev server running and without", async () => {
        const playwright = (config: string, env: Record<string, string>) =>
          run(bin('playwright'), ['test', '-c', `vite-app/${config}`], { CHROMIUM_PATH: chromiumPath, ...env })
        const expectFixtureRun = async (env: Record<string, string>, when: string) => {
          const tests = await playwright('playwright.config.ts', env)
          // Every test passes with the fixture; the three with an override, run again without it, fail (and only
          // they).
          const output = tests.stdout + tests.stderr
          expect(output, when).toMatch(/\b5 passed\b/)
          expect(output, when).toMatch(/\b3 failed\b/)
          // The summary's list of failed tests: `  [project] › file:line:column › title @override`.
          const failed = [...output.matchAll(/^\s+\[([^\]]+)\] › \S+ › (.+?) @override\s/gm)]
          expect(new Set(failed.map(([, project, title]) => `${project}: ${title}`)), when).toEqual(
            new Set(
              [
                'shows the error the API answers',
                'says so when there are no pets',
                'shows the pet the test arranged',
              ].map((title) => `overrides dropped: ${title}`),
            ),
          )
          expect(tests.code, when).toBe(1)
        }
        await expectFixtureRun({ APP_PORT: String(await freePort()) }, 'with no dev server running')
        const port = await freePort()
        // Playwright stops the dev server it started as the run ends; Vite's lock of the project stays until that
        // process has exited, which under load may take a few seconds more.
        const server = await startDevServerOnceFree(dir, path, port)
        try {
          expect(server.url).toBe(`http://localhost:${port}/`)
          await expectFixtureRun({ APP_PORT: String(port), CI: '' }, 'with the dev server running')
          // The app in development with its mock's dev panel (panel.config.ts): the same dev server, used again.
          const panel = await playwright('panel.config.ts', { APP_PORT: String(port), CI: '' })
          expect(panel.stdout + panel.stderr).toMatch(/\b1 passed\b/)
          expect(panel.code).toBe(0)
        } finally {
          server.kill()
        }
      })

    // Once per msw major, beside the fixture's run: the mock's dev panel in the app, built for development in a chunk
    // of its own, and no trace of it in the production build.
    if (consumer.viteApp)
      it("builds the Vite app with the mock's dev panel in a chunk of its own, none of it in production", async () => {
        const grep = async (text: string, folder: string) =>
          (await run('grep', ['-rlF', '--exclude=mockServiceWorker.js', text, folder])).stdout.trim().split('\n')
        // As a user's shell runs it: not with this vitest run's NODE_ENV=test, which Vite builds as development.
        const production = await run(bin('vite'), ['build', 'vite-app', '--logLevel', 'error'], {
          NODE_ENV: 'production',
        })
        expect(production.code, production.stderr).toBe(0)
        // The app is there; the mock and its panel are not (msw's worker script is a public file, copied as it is).
        expect(await grep('Failed to load the pets', 'vite-app/dist')).toHaveLength(1)
        for (const trace of ['petstore-panel', 'Pet Store mock', 'petstore-contract:pets'])
          expect(await grep(trace, 'vite-app/dist'), trace).toEqual([''])
        // The same build with the app's development branch kept: the panel is there, a chunk of its own.
        const development = await run(bin('vite'), ['build', 'vite-app', '--outDir', 'dist-dev'], {
          NODE_ENV: 'development',
        })
        expect(development.code, development.stderr).toBe(0)
        expect(await grep('petstore-panel', 'vite-app/dist-dev')).toEqual([
          expect.stringMatching(/^vite-app\/dist-dev\/assets\/mount-pet-store-panel-[\w-]+\.js$/),
        ])
      })

    it('bundles an app that runs the mock in Chromium (worker) and uses the Playwright fixture', async () => {
      const bundle = await run(bin('esbuild'), [
        'app/main.ts',
        '--bundle',
        '--format=esm',
        '--target=es2022',
        '--outfile=public/app.js',
        '--log-level=error',
      ])
      expect(bundle.stderr).not.toMatch(/error/i)
      expect(bundle.code).toBe(0)
      const { size } = await stat(join(dir, 'public', 'app.js'))
      console.log(`msw ${consumer.msw}: the app bundle (esbuild, unminified, msw included) is ${size} bytes`)
      expect(size).toBeLessThan(bundleBudget)
      const tests = await run(bin('playwright'), ['test'], { CHROMIUM_PATH: chromiumPath })
      expect(tests.stdout).toMatch(/\b6 passed\b/)
      expect(tests.code).toBe(0)
    })

    it('runs npx petstore-mock, then npx petstore-contract with vitest unresolvable: exit 0, JUnit', async () => {
      const key = 'consumer-key-7'
      const mock = await startInstalledMock(dir, path, ['--api-key', key])
      const reportDir = await mkdtemp(join(tmpdir(), 'petstore-consumer-report-'))
      try {
        expect(mock.output()).toContain(`ready: http://127.0.0.1:${mock.port}/v1`)
        // The command needs no vitest: with every `vitest` import refused (./no-vitest.mjs), it runs all the same.
        const contract = await run(
          'npx',
          [
            'petstore-contract',
            ...[
              '--base-url',
              `http://127.0.0.1:${mock.port}/v1`,
              '--messages-base-url',
              `http://127.0.0.1:${mock.port}`,
            ],
            ...['--api-key', key, '--report-dir', reportDir],
            // The named scenarios of every operation; the exploring phases are proven in this repository's own tests.
            ...['--only', 'authentication,listPets,createPet,getPet,sendMessage'],
          ],
          { NODE_OPTIONS: `--import ${join(dir, 'no-vitest.mjs')}` },
        )
        expect(contract.stdout).toContain('Verdict: CONFORMANT (exit 0)')
        expect(contract.code).toBe(0)
        expect(contract.stdout + contract.stderr).not.toContain(key)
        const junit = await readFile(join(reportDir, 'junit.xml'), 'utf8')
        expect(junit).toMatch(/<testsuites[^>]* failures="0"/)
      } finally {
        mock.kill()
        await rm(reportDir, { recursive: true, force: true })
      }
    })

    it('runs the same checks inside its own vitest suite through petstore-contract/vitest', async () => {
      const only = 'listPets,getPet'
      const [command, suite] = await Promise.all(
        ['command', 'suite'].map((name) => mkdtemp(join(tmpdir(), `petstore-consumer-${name}-`))),
      )
      try {
        const cli = await run('npx', [
          'petstore-contract',
          '--target',
          'mock',
          '--only',
          only,
          '--report-dir',
          command!,
        ])
        expect(cli.code, cli.stdout + cli.stderr).toBe(0)
        const tests = await run(
          bin('vitest'),
          ['run', '--reporter=json', `--outputFile=${join(suite!, 'vitest.json')}`],
          {
            CONTRACT_ONLY: only,
            CONTRACT_REPORT_DIR: suite!,
          },
        )
        expect(tests.code, tests.stdout + tests.stderr).toBe(0)
        const read = async (path: string) => JSON.parse(await readFile(path, 'utf8'))
        const ran = (await read(join(suite!, 'vitest.json'))).testResults.flatMap(
          (file: { assertionResults: Array<{ title: string; status: string }> }) => file.assertionResults,
        )
        const report = await read(join(command!, 'contract-report.json'))
        // One test per scenario the command judged, in the same order, with the same outcome.
        expect(ran.map((test: { title: string }) => test.title)).toEqual([
          'suite setup',
          ...report.scenarios.map((scenario: { title: string }) => scenario.title),
        ])
        expect(new Set(ran.map((test: { status: string }) => test.status))).toEqual(new Set(['passed']))
        expect((await read(join(suite!, 'contract-report.json'))).counts).toEqual(report.counts)
      } finally {
        await Promise.all([command, suite].map((path) => rm(path!, { recursive: true, force: true })))
      }
    })

    // Once per Node: what the package's commands print is read where they are installed, with no repository around.
    if (consumer.checksStopping)
      it("names only npx petstore-mock and npx petstore-contract in its commands' help and error texts", async () => {
        const runs: Array<[Array<string>, number, RegExp]> = [
          [['petstore-mock', '--help'], 0, /^Usage: npx petstore-mock \[options\]$/m],
          [['petstore-mock', '--help'], 0, /^Snapshot: npx petstore-mock snapshot --help /m],
          [['petstore-mock', 'snapshot', '--help'], 0, /^Usage: npx petstore-mock snapshot --base-url URL /m],
          [['petstore-contract', '--help'], 0, /^Usage: npx petstore-contract \[options\]$/m],
          [['petstore-mock', '--port', 'x'], 2, /^error: --port expects /m],
          [['petstore-mock', '--record', 'pets.json'], 2, /^error: --record applies only with --proxy URL/m],
          [['petstore-mock', 'snapshot'], 2, /^error: snapshot needs --base-url URL/m],
          [['petstore-mock', 'snapshot', '--bogus'], 2, /^error: Unknown option '--bogus'/m],
          [['petstore-contract', '--timeout-ms', '0'], 2, /^error: --timeout-ms expects /m],
          [['petstore-contract', '--bogus'], 2, /^error: Unknown option '--bogus'/m],
        ]
        const results = await Promise.all(runs.map(([args]) => run('npx', args)))
        for (const [index, [args, code, expected]] of runs.entries()) {
          const { stdout, stderr, code: exited } = results[index]!
          const output = stdout + stderr
          const said = `npx ${args.join(' ')}`
          expect(exited, `${said}: ${output}`).toBe(code)
          expect(output, said).toMatch(expected)
          // No repository command, and every mention of a bin as a command is how the user ran it.
          expect(output, said).not.toMatch(/\bnpm (start|run)\b/)
          const bare = [...output.matchAll(/petstore-(?:mock|contract)(?![\w/:.-])/g)].filter(
            (match) => output.slice(match.index - 4, match.index) !== 'npx ',
          )
          expect(
            bare.map((match) => output.slice(Math.max(0, match.index - 20), match.index + 20)),
            said,
          ).toEqual([])
        }
      })

    // Once per Node, as stopping is: the README's commands as a user types them in a project with the package.
    if (consumer.checksStopping)
      it("runs the README's commands: the mock in the background, then the contract suite", async () => {
        const [block] = (await docsCodeBlocks('README.md')).filter(
          (candidate) =>
            candidate.checked?.kind === 'run' && candidate.checked.file === 'test/consumer/consumer.test.ts',
        )
        if (!block) throw new Error("Failed to find the README's commands: expected a block this test runs, got none.")
        // A free port in place of 4010, which another test may hold; everything else as written. The mock in the
        // background is stopped as README says (kill $! after npx petstore-mock &) once the suite has run.
        const port = await freePort()
        const script = `${block.text.replaceAll('4010', String(port))}\nstatus=$?\nkill $!\nwait\nexit $status`
        const result = await run('bash', ['-c', script])
        const output = result.stdout + result.stderr
        expect(output).toContain(`ready: http://127.0.0.1:${port}/v1`)
        expect(result.stdout).toContain('Verdict: CONFORMANT (exit 0)')
        expect(result.code, output).toBe(0)
        expect(await readFile(join(dir, 'reports', 'junit.xml'), 'utf8')).toMatch(/<testsuites[^>]* failures="0"/)
        expect(await freedWithin(port, scaledMs(5_000)), `port ${port} still bound after kill $!`).toBe(true)
      })

    // Stopping is proven once per Node (consumer-matrix.ts): the same bin, the same npm, whichever msw.
    if (!consumer.checksStopping) return
    // `npx petstore-mock & kill $!`: SIGTERM reaches npm, which passes it to the shell it runs the bin in; the shell
    // dies of it and the server sees its parent gone. SIGKILL reaches npm alone: the server sees npm gone. Ctrl+C
    // sends SIGINT to the terminal's whole foreground group, the server included.
    it.each([
      ['SIGTERM', 'npx'],
      ['SIGKILL', 'npx'],
      ['SIGINT', 'its process group (Ctrl+C)'],
    ] as const)('frees the port when %s is sent to %s', async (signal, to) => {
      const mock = await startInstalledMock(dir, path, [])
      const { port } = mock
      try {
        expect(await listening(port)).toBe(true)
        if (to === 'npx') mock.signalNpx(signal)
        else mock.signalGroup(signal)
        const npxEnded = await Promise.race([
          mock.npxExited.then(() => true),
          new Promise((resolve) => setTimeout(resolve, scaledMs(10_000), false)),
        ])
        expect(npxEnded, `npx still running 10 s after ${signal}`).toBe(true)
        const freed = await freedWithin(port, scaledMs(5_000))
        expect(freed, `port ${port} still bound 5 s after npx ended (${signal}): ${mock.output()}`).toBe(true)
      } finally {
        mock.kill()
      }
    })
  })
})

/** A port nothing listens on now: one the system hands out, closed again. */
async function freePort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as { port: number }
  await new Promise((resolve) => server.close(resolve))
  return port
}

/** `startDevServer`, asked again while the project's lock is still held by a dev server on its way out (10 s). */
async function startDevServerOnceFree(dir: string, path: string, port: number) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await startDevServer(dir, path, port)
    } catch (error) {
      const locked = error instanceof Error && error.message.includes('Found another Vite dev process')
      if (!locked || attempt === 5) throw error
      await new Promise((resolve) => setTimeout(resolve, 2_000))
    }
  }
}

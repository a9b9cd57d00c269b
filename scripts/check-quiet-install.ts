import { execFile } from 'node:child_process'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { delimiter, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { CliError } from '../shared/cli-error.ts'
import { parseCliArgs } from '../shared/parse-cli-args.ts'
import { runCli } from '../shared/run-cli.ts'
import { installWarnings } from '../tools/install-warnings.ts'
import { withoutNpmVariables } from '../tools/without-npm-variables.ts'

const help = `Usage: node --import tsx scripts/check-quiet-install.ts (--log FILE | --node-bin DIR)

Fails (exit 1) when an npm install printed a warning: EBADENGINE, install scripts not covered by
package.json's allowScripts, or any other "npm warn" line.
  --log FILE      judge the output of an install already run (CI's own npm ci on a clean clone)
  --node-bin DIR  clone this checkout's last commit into a temporary folder and run "npm ci" there
                  with the node of DIR first on PATH (e.g. the Node 22 of scripts/ensure-node-22.ts)`

const root = fileURLToPath(new URL('..', import.meta.url))
const run = promisify(execFile)

process.exitCode = await runCli(async () => {
  const { values } = parseCliArgs({
    options: { log: { type: 'string' }, 'node-bin': { type: 'string' }, help: { type: 'boolean', short: 'h' } },
  })
  if (values.help) return void console.log(help)
  if (values.log !== undefined) return judge(`the install logged in ${values.log}`, await readLog(values.log))
  if (values['node-bin'] !== undefined) return judge(...(await installClone(values['node-bin'])))
  throw new CliError('check-quiet-install needs --log FILE or --node-bin DIR; see --help.')
})

function judge(what: string, output: string): number {
  const warnings = installWarnings(output)
  if (warnings.length === 0) {
    console.log(`${what}: no warning`)
    return 0
  }
  console.error(`${what} printed ${warnings.length} warning line(s):\n${warnings.join('\n')}`)
  return 1
}

async function readLog(path: string): Promise<string> {
  return readFile(path, 'utf8').catch((error: NodeJS.ErrnoException) => {
    throw new CliError(`Failed to read ${path}: ${error.code ?? error.message}.`)
  })
}

/** `npm ci` in a fresh clone of HEAD, under the node of `bin`: what it printed, and under which Node. */
async function installClone(bin: string): Promise<[string, string]> {
  const env = { ...withoutNpmVariables(process.env), PATH: `${bin}${delimiter}${process.env.PATH}` }
  const dir = await mkdtemp(join(tmpdir(), 'petstore-quiet-install-'))
  try {
    const { stdout: head } = await run('git', ['-C', root, 'rev-parse', 'HEAD'])
    await run('git', ['clone', '--quiet', '--no-checkout', root, dir])
    await run('git', ['-C', dir, 'checkout', '--quiet', head.trim()])
    const { stdout: version } = await run('node', ['--version'], { env })
    const started = performance.now()
    const install = await run('npm', ['ci'], { cwd: dir, env, maxBuffer: 64 * 1024 * 1024, timeout: 1_200_000 }).catch(
      (error: Error & { code?: number | string; stdout?: string; stderr?: string }) => {
        const tail = `${error.stdout ?? ''}${error.stderr ?? error.message}`.trim().split('\n').slice(-5).join(' ')
        throw new CliError(`Failed to install a clean clone: expected "npm ci" to exit 0, got ${error.code}. ${tail}`)
      },
    )
    const seconds = Math.round((performance.now() - started) / 1_000)
    return [
      `npm ci on Node ${version.trim()} in a clean clone of ${head.slice(0, 10)} (${seconds} s)`,
      install.stdout + install.stderr,
    ]
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}

import { CliError } from '../../shared/cli-error.ts'
import { parseCliArgs } from '../../shared/parse-cli-args.ts'
import { parseInteger } from '../../shared/parse-integer.ts'
import type { NewPet } from '../../spec/types.ts'
import { writeAtomically } from '../persistence/write-atomically.ts'
import { SnapshotError, takeSnapshot } from '../snapshot/take-snapshot.ts'

const help = (command: string) => `Usage: ${command} snapshot --base-url URL --out FILE [options]

Reads a deployment's pets with GET requests only (GET /pets?limit=100, without a filter and once per
status), checks every pet against the spec and writes them as a fixtures file (the format of
fixtures/pets.json) for "${command} --fixtures FILE". The interface has no paging beyond limit: a
deployment with more than 100 pets of a status shows only 100 of them (the summary says so).

Options:
  --base-url URL   the deployment's pets API, e.g. https://staging.example.com/v1
  --api-key KEY    bearer key (default: PETSTORE_API_KEY); never printed or written, but an
                   argument shows in ps to every user of this machine: prefer the variable
  --out FILE       the fixtures file to write (replaced whole, never half-written)
  --timeout-ms N   per-request timeout (default 10000)
  -h, --help       show this text

Example: PETSTORE_API_KEY=... ${command} snapshot --base-url https://staging.example.com/v1 --out staging.json`

/**
 * `petstore-mock snapshot` (`npm start -- snapshot ...`): a fixtures file from a real deployment.
 * `command` is what the usage line of `--help` calls the mock's command.
 * @example await runSnapshotCli(['--base-url', 'https://staging.example.com/v1', '--out', 'staging.json'], process.env)
 * @throws CliError with a one-line reason
 */
export async function runSnapshotCli(
  args: Array<string>,
  env: Record<string, string | undefined> = process.env,
  command = 'npm start --',
): Promise<number> {
  const { values } = parseCliArgs({
    args,
    options: {
      'base-url': { type: 'string' },
      'api-key': { type: 'string' },
      out: { type: 'string' },
      'timeout-ms': { type: 'string', default: '10000' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  })
  if (values.help) {
    console.log(help(command))
    return 0
  }
  if (!values['base-url']) throw new CliError('snapshot needs --base-url URL, e.g. https://staging.example.com/v1.')
  if (!values.out) throw new CliError('snapshot needs --out FILE, the fixtures file to write.')
  const baseUrl = parseBaseUrl(values['base-url'])
  const apiKey = values['api-key'] ?? env.PETSTORE_API_KEY ?? ''
  if (apiKey.trim() === '') throw new CliError('snapshot needs an API key: --api-key KEY or PETSTORE_API_KEY.')
  const timeoutMs = parseInteger('--timeout-ms', values['timeout-ms'], 1, 600_000)

  const snapshot = await takeSnapshot({ baseUrl: baseUrl.href, apiKey: apiKey.trim(), timeoutMs }).catch((error) => {
    if (error instanceof SnapshotError) throw new CliError(error.message)
    throw error
  })
  await writeFixtures(values.out, snapshot.fixtures).catch((error: NodeJS.ErrnoException) => {
    throw new CliError(`Failed to write ${values.out}: ${error.code ?? error.message}.`)
  })
  const shown = `${baseUrl.origin}${baseUrl.pathname}`
  console.log(
    `Wrote ${snapshot.fixtures.length} pets to ${values.out} from ${shown} (${snapshot.lists.length} GET requests).`,
  )
  if (snapshot.full.length > 0)
    console.log(
      `Note: ${snapshot.full.map((query) => `GET /pets?${query}`).join(', ')} returned the full 100: the ` +
        'deployment may hold more pets, which the interface (no paging beyond limit) does not show.',
    )
  return 0
}

function parseBaseUrl(text: string): URL {
  let url: URL
  try {
    url = new URL(text)
  } catch {
    throw new CliError('--base-url expects an http or https URL, e.g. https://staging.example.com/v1.')
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new CliError(`--base-url expects an http or https URL, got ${url.protocol} .`)
  if (url.username || url.password)
    throw new CliError('--base-url must not carry credentials: give the key with --api-key or PETSTORE_API_KEY.')
  url.search = ''
  url.hash = ''
  return url
}

/** The fixtures file, one pet a line like fixtures/pets.json, written to a temporary file and renamed over. */
async function writeFixtures(path: string, fixtures: ReadonlyArray<NewPet>): Promise<void> {
  const text =
    fixtures.length === 0 ? '[]\n' : `[\n${fixtures.map((pet) => `  ${JSON.stringify(pet)}`).join(',\n')}\n]\n`
  await writeAtomically(path, text)
}

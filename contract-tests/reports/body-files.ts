import { mkdir, writeFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import type { Exchange } from '../shared/exchange.ts'
import type { RunResult } from '../shared/run-result.ts'
import type { ScenarioResult } from '../shared/scenario-result.ts'
import { curlCommand, reproducedBytes } from './curl-command.ts'
import { filedPieces } from './printf-bytes.ts'

/** The folder beside the reports that holds the pieces of requests their reproduce lines read from files. */
const folderName = 'request-bodies'
/** The longest reproduce line written out whole: a longer one reads its long pieces from files. */
const longestLine = 2_000

const everyScenario = (result: RunResult): Array<ScenarioResult> => [result.setup, ...result.scenarios]

/**
 * The result with every request whose reproduce line would be longer than 2,000 characters, once its runs of one byte
 * are counted, told to read its long pieces from files in `dir/request-bodies` (`ExchangeRequest.bodyFiles`): what the
 * console and every report then print, and `writeBodyFiles` writes. A request that already has its folder keeps it.
 * @example const placed = placeBodyFiles(result, 'reports/contract')
 */
export function placeBodyFiles(result: RunResult, dir: string): RunResult {
  const folder = join(dir, folderName)
  const place = (exchange: Exchange): Exchange =>
    exchange.request.bodyFiles !== undefined || curlCommand(exchange.request).length <= longestLine
      ? exchange
      : { ...exchange, request: { ...exchange.request, bodyFiles: folder } }
  const placed = (scenario: ScenarioResult): ScenarioResult => ({
    ...scenario,
    exchanges: scenario.exchanges.map(place),
  })
  return { ...result, setup: placed(result.setup), scenarios: result.scenarios.map(placed) }
}

/**
 * Writes every file the reproduce lines of a placed result read (`placeBodyFiles`), each once, and returns the
 * folders they went into. The pieces never hold the key: it stays a `%s` the shell fills in from the environment.
 * @example await writeBodyFiles(placeBodyFiles(result, dir)) // ['reports/contract/request-bodies']
 */
export async function writeBodyFiles(result: RunResult): Promise<Array<string>> {
  const files = new Map<string, string>()
  for (const scenario of everyScenario(result))
    for (const { request } of scenario.exchanges) {
      const bytes = request.bodyFiles === undefined ? undefined : reproducedBytes(request)
      if (request.bodyFiles === undefined || bytes === undefined) continue
      for (const piece of filedPieces(bytes)) files.set(join(request.bodyFiles, piece.name), piece.latin1)
    }
  const folders = new Set<string>()
  for (const [path, latin1] of files) {
    const folder = dirname(path)
    if (!folders.has(folder)) await mkdir(folder, { recursive: true })
    folders.add(folder)
    await writeFile(path, Buffer.from(latin1, 'latin1'))
  }
  return [...folders]
}

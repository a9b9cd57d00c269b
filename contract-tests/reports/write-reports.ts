import { mkdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { stringifyJson } from '../../spec/json/stringify-json.ts'
import type { RunResult } from '../shared/run-result.ts'
import { placeBodyFiles, writeBodyFiles } from './body-files.ts'
import { findingCommands } from './finding-commands.ts'
import { htmlReport } from './html-report.ts'
import { junitReport } from './junit-report.ts'
import { reportCounts } from './report-counts.ts'

/**
 * Writes the JSON, JUnit XML and HTML reports of a (redacted) run into `dir`. The JSON is the run itself
 * with `counts` first: the numbers of test cases by outcome and of findings by level that every report states; and
 * `reproduce` last: each finding with the command that sends its request again. A reproduce line too long to read
 * reads the long pieces of its request from files in `dir/request-bodies` (`placeBodyFiles`), written here too; its
 * folder is listed after the reports when there is one.
 * @example const paths = await writeReports(result, 'reports/contract')
 */
export async function writeReports(run: RunResult, dir: string): Promise<Array<string>> {
  await mkdir(dir, { recursive: true })
  const result = placeBodyFiles(run, dir)
  const counts = reportCounts(result)
  const files: Array<[string, string]> = [
    ['contract-report.json', `${stringifyJson({ counts, ...result, reproduce: findingCommands(result) }, 2)}\n`],
    ['junit.xml', junitReport(result)],
    ['contract-report.html', htmlReport(result)],
  ]
  for (const [name, text] of files) await writeFile(join(dir, name), text)
  const folders = await writeBodyFiles(result)
  return [...files.map(([name]) => join(dir, name)), ...folders]
}

import { mkdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { RunResult } from '../model/run-result.ts'
import { htmlReport } from './html-report.ts'
import { junitReport } from './junit-report.ts'

/**
 * Writes the JSON, JUnit XML and HTML reports of a (redacted) run into `dir`.
 * @example const paths = await writeReports(result, 'reports/contract')
 */
export async function writeReports(result: RunResult, dir: string): Promise<Array<string>> {
  await mkdir(dir, { recursive: true })
  const files: Array<[string, string]> = [
    ['contract-report.json', `${JSON.stringify(result, null, 2)}\n`],
    ['junit.xml', junitReport(result)],
    ['contract-report.html', htmlReport(result)],
  ]
  for (const [name, text] of files) await writeFile(join(dir, name), text)
  return files.map(([name]) => join(dir, name))
}

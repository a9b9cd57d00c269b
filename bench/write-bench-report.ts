import { mkdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { BenchReport } from './bench-report.ts'
import { renderBenchHtml } from './render-bench-html.ts'

/**
 * Writes `bench.json` (every figure, every round) and `bench.html` (charts) into `directory`,
 * creating it; resolves with both paths.
 * @example const { json, html } = await writeBenchReport('reports/bench', report)
 */
export async function writeBenchReport(
  directory: string,
  report: BenchReport,
): Promise<{ json: string; html: string }> {
  await mkdir(directory, { recursive: true })
  const json = join(directory, 'bench.json')
  const html = join(directory, 'bench.html')
  await writeFile(json, `${JSON.stringify(report, null, 2)}\n`)
  await writeFile(html, renderBenchHtml(report))
  return { json, html }
}

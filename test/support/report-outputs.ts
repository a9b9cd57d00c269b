import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { decodeHTML } from 'entities'

/**
 * Every output of a contract run: its stdout and stderr, each report file of `dir` as written, and each as it reads
 * once its own escaping is undone (the JSON report's strings, HTML and XML entities decoded).
 * @example const written = await reportOutputs(run, dir); for (const [name, text] of Object.entries(written)) …
 */
export async function reportOutputs(
  run: { stdout: string; stderr: string },
  dir: string,
): Promise<Record<string, string> & { stdout: string; stderr: string }> {
  const files = Object.fromEntries(
    await Promise.all(
      // Every file the run wrote, those beside the reports too (request-bodies/NAME), by its path in `dir`.
      (await readdir(dir, { recursive: true, withFileTypes: true }))
        .filter((entry) => entry.isFile())
        .map(async (entry) => {
          const path = join(entry.parentPath, entry.name)
          return [path.slice(dir.length + 1), await readFile(path, 'utf8')]
        }),
    ),
  )
  const strings: Array<string> = []
  JSON.parse(files['contract-report.json'], (name, value) => {
    strings.push(name, typeof value === 'string' ? value : '')
    return value
  })
  return {
    stdout: run.stdout,
    stderr: run.stderr,
    ...files,
    'contract-report.json, its strings': strings.join('\n'),
    'contract-report.html, read': decodeHTML(files['contract-report.html']),
    'junit.xml, read': decodeHTML(files['junit.xml']),
  }
}

import { execFileSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { runCli } from '../shared/run-cli.ts'
import { findLongLines, isLineChecked } from '../tools/find-long-lines.ts'

const maximum = 120

// Part of npm run lint: Biome's formatter keeps code within 120 columns but leaves template literals,
// strings and comments as they are, and checks no Markdown.
process.exitCode = await runCli(async () => {
  const listed = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], { encoding: 'utf8' })
  const paths = listed.split('\n').filter((path) => path !== '' && existsSync(path) && isLineChecked(path))
  const long = paths.flatMap((path) => findLongLines(path, readFileSync(path, 'utf8'), maximum))
  for (const { path, line, length } of long) {
    console.error(`${path}:${line}: ${length} characters, over the ${maximum}-character limit; wrap it.`)
  }
  return long.length === 0 ? 0 : 1
})

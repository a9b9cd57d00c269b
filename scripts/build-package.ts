import { spawnSync } from 'node:child_process'
import { rmSync } from 'node:fs'
import { runCli } from '../shared/run-cli.ts'

// What `npm pack` ships: compiled ESM and declarations, built from a clean folder so no stale file slips in.
const compiled = ['bin', 'cli', 'contract-tests', 'fixtures', 'mocks', 'proxy', 'shared', 'spec']

process.exitCode = await runCli(async () => {
  for (const folder of compiled) rmSync(`dist/${folder}`, { recursive: true, force: true })
  const tsc = spawnSync('tsc', ['-p', 'tsconfig.build.json'], { stdio: 'inherit', shell: process.platform === 'win32' })
  if (tsc.status !== 0) throw new Error(`Failed to compile the package: expected tsc to exit 0, got ${tsc.status}.`)
  console.log('built dist/ (the package: npm pack)')
})

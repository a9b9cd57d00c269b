import { parseArgs } from 'node:util'
import { parseInteger } from '../shared/parse-integer.ts'
import { runCli } from '../shared/run-cli.ts'
import { ensureBuild } from './ensure-build.ts'
import { formatNumber } from './format-number.ts'
import { measureStateFileCreates, measureStateFileInProcess } from './measure-state-file-creates.ts'

// npx tsx bench/state-file-creates.ts [--creates N] [--rounds N]: creates/s with --state-file.
await runCli(async () => {
  const { values } = parseArgs({
    options: { creates: { type: 'string', default: '1000' }, rounds: { type: 'string', default: '3' } },
  })
  const creates = parseInteger('--creates', values.creates, 1, 10_000)
  const rounds = parseInteger('--rounds', values.rounds, 1, 20)
  ensureBuild(process.cwd(), 'dist/serve.mjs')
  const result = await measureStateFileCreates({ root: process.cwd(), creates, rounds })
  console.log(
    `${formatNumber(creates)} concurrent POST /v1/pets, median of ${rounds} rounds: ` +
      `${formatNumber(result.withStateFile)} creates/s with --state-file (each 201 after its pet is on disk), ` +
      `${formatNumber(result.inMemory)} creates/s without; ` +
      `every acknowledged pet on disk: ${result.allOnDisk ? 'yes' : 'NO'}`,
  )
  const inProcess = await measureStateFileInProcess({ creates, rounds })
  console.log(
    `In-process (the model alone, no HTTP): ${formatNumber(inProcess.perSecond)} creates/s with the state file, ` +
      `${formatNumber(inProcess.inMemory)} without, ` +
      `${formatNumber(inProcess.writesPerBurst)} file writes per burst of ${formatNumber(creates)}`,
  )
  return result.allOnDisk ? 0 : 1
})

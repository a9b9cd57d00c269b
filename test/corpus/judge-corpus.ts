import { parseArgs } from 'node:util'
import { proofSeeds } from '../variants/proof-seeds.ts'
import { corpusServers } from './corpus-servers.ts'
import { type ShapeName, shapeNames } from './deployment-shapes.ts'
import { judgeCorpusServer } from './judge-corpus-server.ts'
import { certificateIn } from './test-certificate.ts'

// For the edit loop: `npx tsx test/corpus/judge-corpus.ts [--shape SHAPE] NAME [SEED ...]` judges one corpus server
// in one deployment shape (one origin when none is given) under the seeds given (the ten proof seeds when none) and
// prints each run's exit code, violations and deviations. judge-corpus-server.ts runs it with `--json` (the verdicts
// as JSON on stdout) and `--certificate DIR` (a test certificate whose authority NODE_EXTRA_CA_CERTS trusts) to judge
// the https shape.
const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    shape: { type: 'string', default: 'one-origin' },
    json: { type: 'boolean' },
    certificate: { type: 'string' },
  },
})
const [name, ...seedArgs] = positionals
const server = corpusServers.find((candidate) => candidate.name === name)
if (!server) {
  console.error(`No corpus server named ${JSON.stringify(name)}: ${corpusServers.map((s) => s.name).join(', ')}`)
  process.exit(2)
}
const shape = values.shape as ShapeName
if (!shapeNames.includes(shape)) {
  console.error(`No deployment shape named ${JSON.stringify(shape)}: ${shapeNames.join(', ')}`)
  process.exit(2)
}
const seeds = seedArgs.length > 0 ? seedArgs.map(Number) : proofSeeds
const certificate = values.certificate === undefined ? undefined : certificateIn(values.certificate)
const verdicts = await judgeCorpusServer(server, seeds, shape, certificate)
const code = values.json || verdicts.every(({ result }) => result.exitCode === 0) ? 0 : 1
// Exits once stdout has taken the verdicts: to a pipe, a process.exit right after a large write cut the JSON short.
if (values.json) process.stdout.write(`${JSON.stringify(verdicts)}\n`, () => process.exit(code))
else {
  verdicts.forEach(({ result, violations, deviations }, index) => {
    console.log(`\n# ${server.name} (${shape}), seed ${seeds[index]}: exit ${result.exitCode}, ${result.durationMs} ms`)
    for (const line of violations) console.log(`  VIOLATION ${line}`)
    for (const line of deviations) console.log(`  deviation ${line}`)
  })
  process.stdout.write('', () => process.exit(code))
}

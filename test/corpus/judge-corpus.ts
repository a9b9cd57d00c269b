import { proofSeeds } from '../variants/proof-seeds.ts'
import { corpusServers } from './corpus-servers.ts'
import { judgeCorpusServer } from './judge-corpus-server.ts'

// For the edit loop: `npx tsx test/corpus/judge-corpus.ts NAME [SEED ...]` judges one corpus server under the
// seeds given (the ten proof seeds when none) and prints each run's exit code, violations and deviations.
const [name, ...seedArgs] = process.argv.slice(2)
const server = corpusServers.find((candidate) => candidate.name === name)
if (!server) {
  console.error(`No corpus server named ${JSON.stringify(name)}: ${corpusServers.map((s) => s.name).join(', ')}`)
  process.exit(2)
}
const seeds = seedArgs.length > 0 ? seedArgs.map(Number) : proofSeeds
const verdicts = await judgeCorpusServer(server, seeds)
verdicts.forEach(({ result, violations, deviations }, index) => {
  console.log(`\n# ${server.name}, seed ${seeds[index]}: exit ${result.exitCode}, ${result.durationMs} ms`)
  for (const line of violations) console.log(`  VIOLATION ${line}`)
  for (const line of deviations) console.log(`  deviation ${line}`)
})
process.exit(verdicts.every(({ result }) => result.exitCode === 0) ? 0 : 1)

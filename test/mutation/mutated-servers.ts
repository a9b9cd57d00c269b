import { createHash } from 'node:crypto'
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { nodeServers } from '../corpus/node-servers.ts'
import { proofSeeds } from '../variants/proof-seeds.ts'

/** The seed every mutant is judged under: the first proof seed, so a mutant's verdict is the same run after run. */
export const mutationSeed = proofSeeds[0] as number

/** Where the corpus servers live, relative to the repository. */
const serversPath = 'test/corpus/servers'

/**
 * The folders a mutation run mutates, relative to the repository: each Node corpus server's own (all its
 * TypeScript), or those of the servers named.
 * @example mutatedFolders(['koa']) // ['test/corpus/servers/koa']
 */
export function mutatedFolders(names: ReadonlyArray<string> = []): Array<string> {
  return nodeServers
    .filter((server) => names.length === 0 || names.includes(server.name))
    .map((server) => `${serversPath}/${server.folder}`)
}

/** The Node corpus servers' names: what `--server` takes. */
export const mutatedServerNames: ReadonlyArray<string> = nodeServers.map((server) => server.name)

/**
 * The folder of the corpus server that holds a file, from its path (absolute or relative).
 * @example serverOfFile('/tmp/sandbox/test/corpus/servers/koa/server.ts') // 'koa'
 */
export function serverOfFile(fileName: string): string | undefined {
  return new RegExp(`${serversPath}/([^/]+)/`).exec(fileName.replaceAll('\\', '/'))?.[1]
}

/** The folders whose code makes the suite's verdict. */
const suiteFolders = ['contract-tests', 'shared', 'spec']

/**
 * A name for the contract suite as it is now: a digest of its sources under `root`. An incremental run that finds
 * another name judges every surviving mutant again.
 * @example suiteTestName(process.cwd()) // 'judged by the suite 3f2a91c04be1'
 */
export function suiteTestName(root: string): string {
  const hash = createHash('sha256')
  for (const folder of suiteFolders)
    for (const file of readdirSync(join(root, folder), { recursive: true, encoding: 'utf8' }).sort()) {
      if (!/\.(ts|yaml|json)$/.test(file) || file.includes('.test.')) continue
      hash.update(file).update(readFileSync(join(root, folder, file)))
    }
  return `judged by the suite ${hash.digest('hex').slice(0, 12)}`
}

import type { CorpusServer } from './corpus-server.ts'
import { goServers } from './go-servers.ts'
import { nodeServers } from './node-servers.ts'
import { phpServers } from './php-servers.ts'
import { pythonServers } from './python-servers.ts'
import { rubyServers } from './ruby-servers.ts'

/** Every server of the conformance corpus, by language. */
export const corpusServers: ReadonlyArray<CorpusServer> = [
  ...nodeServers,
  ...pythonServers,
  ...goServers,
  ...rubyServers,
  ...phpServers,
]

import { corpusServers } from './corpus-servers.ts'
import { describeCorpus } from './describe-corpus.ts'
import { nodeServers } from './node-servers.ts'

// The corpus's servers in Python, Go, Ruby and PHP; the Node.js ones: corpus-node.test.ts.
describeCorpus(corpusServers.filter((server) => !nodeServers.includes(server)))

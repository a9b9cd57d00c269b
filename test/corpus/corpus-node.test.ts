import { describeCorpus } from './describe-corpus.ts'
import { nodeServers } from './node-servers.ts'

// The corpus's Node.js servers (Express, Fastify, Hono, Koa, NestJS); the others: corpus-other-languages.test.ts.
describeCorpus(nodeServers)

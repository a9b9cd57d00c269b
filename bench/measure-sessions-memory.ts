import { developmentApiKey } from '../shared/development-api-key.ts'
import { httpExchange } from './http-exchange.ts'
import { startProcessTarget } from './start-process-target.ts'

export interface SessionsMemoryFigures {
  sessions: number
  /** The pets of the server's seeded store, which every session starts from. */
  pets: number
  /** RSS of the server after the sessions minus before them, in MB. */
  addedRssMb: number | null
  /** The server's highest RSS over the run (`VmHWM`), in MB. */
  peakRssMb: number | null
  /** Wall time per new session, its first create included (the store is seeded on first use), in ms. */
  msPerNewSession: number
}

const headers = { authorization: `Bearer ${developmentApiKey}`, 'content-type': 'application/json' }

/**
 * What sessions cost the standalone mock as `npm start` runs it (`dist/serve.mjs`, its own process, so the
 * client's memory is not counted), seeded with `pets` pets: `sessions` sessions (`X-Mock-Session`) each
 * creating one pet, one after the other; reports the RSS they add and the time a new session takes.
 * @example const { addedRssMb } = await measureSessionsMemory({ root: process.cwd(), sessions: 1000 })
 */
export async function measureSessionsMemory(options: {
  root: string
  sessions?: number
  /** Default 50, the server's own default. */
  pets?: number
}): Promise<SessionsMemoryFigures> {
  const { root, sessions = 1000, pets = 50 } = options
  const target = await startProcessTarget({
    name: 'ours with sessions',
    args: ['dist/serve.mjs', '--port', '0', '--pets', String(pets), '--max-sessions', String(Math.max(sessions, 1))],
    cwd: root,
    env: { ...process.env, PETSTORE_API_KEY: '' },
    readyPattern: /ready: (http:\/\/\S+\/v1)/,
    probe: { path: '/pets?limit=1', headers },
  })
  try {
    const before = target.memory()
    const started = performance.now()
    for (let index = 0; index < sessions; index++) {
      const answer = await httpExchange({
        method: 'POST',
        url: `${target.baseUrl}/pets`,
        headers: { ...headers, 'x-mock-session': `bench-${index}` },
        body: '{"name":"Rex","categoryId":1}',
        timeoutMs: 10_000,
      })
      if (answer.status !== 201)
        throw new Error(`Failed to create a pet in session bench-${index}: expected 201, got ${answer.status}.`)
    }
    const msPerNewSession = (performance.now() - started) / Math.max(sessions, 1)
    const after = target.memory()
    return {
      sessions,
      pets,
      addedRssMb: before && after ? after.rssMb - before.rssMb : null,
      peakRssMb: after?.peakRssMb ?? null,
      msPerNewSession,
    }
  } finally {
    await target.stop()
  }
}

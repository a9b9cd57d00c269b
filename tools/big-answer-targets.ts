import { Agent, createServer, request as forward } from 'node:http'
import type { AddressInfo } from 'node:net'
import { startPetStoreServer } from '../mocks/node/start-pet-store-server.ts'
import { stringifyJson } from '../spec/json/stringify-json.ts'
import { petStatuses } from '../spec/schemas.ts'
import type { PetStatus } from '../spec/types.ts'

/** What every list answer of a big-answer target is (each just under the client's 5 MB read cap). */
export type BigAnswer = 'empty objects' | 'fields' | 'every pet'

/** The big answers, each named as a test or the bench prints it. */
export const bigAnswers: ReadonlyArray<{ answer: BigAnswer; name: string }> = [
  { answer: 'empty objects', name: 'a list of 1.6 million empty objects (4.8 MB)' },
  { answer: 'fields', name: 'an object with 300,000 fields (4.9 MB)' },
  { answer: 'every pet', name: 'a server that ignores limit and lists all of its 75,000 valid pets (4.6 MB)' },
]

export interface BigAnswerTarget {
  /** The pets API, e.g. `http://127.0.0.1:4011/v1`. */
  baseUrl: string
  close(): Promise<void>
}

/**
 * The standalone mock behind a node:http front on loopback that answers every list request the mock answers 200
 * (`GET /v1/pets` with the key, a valid status) with a big body instead of the page: 1.6 million empty objects, an
 * object with 300,000 fields, or every pet of its store of 75,000 of the status asked: a server that checks `limit`
 * and never applies it. Everything else (authentication, validation, the other operations) is the mock's answer.
 * @example const target = await startBigAnswerTarget('every pet', key); await target.close()
 */
export async function startBigAnswerTarget(answer: BigAnswer, apiKey: string): Promise<BigAnswerTarget> {
  const mock = await startPetStoreServer({ apiKeys: [apiKey], ...(answer === 'every pet' && { pets: 75_000 }) })
  const upstream = new URL(mock.baseUrl)
  const agent = new Agent({ keepAlive: true })
  const fixed = answer === 'empty objects' ? emptyObjects() : answer === 'fields' ? manyFields() : undefined
  const pages = new Map<string, string>()
  const everyPet = (status: PetStatus | undefined): string => {
    const key = `${mock.model.revision}:${status}`
    let page = pages.get(key)
    if (page === undefined) {
      // A new revision (a pet created) makes every list of the last one stale.
      if (pages.size > 8) pages.clear()
      page = stringifyJson(mock.model.listPets({ status, limit: Number.MAX_SAFE_INTEGER }))
      pages.set(key, page)
    }
    return page
  }
  const server = createServer((request, response) => {
    const { pathname, searchParams } = new URL(request.url ?? '/', 'http://target')
    const list = pathname === '/v1/pets' && (request.method === 'GET' || request.method === 'HEAD')
    const sent = forward({
      hostname: upstream.hostname,
      port: upstream.port,
      method: request.method,
      path: request.url,
      headers: request.headers,
      agent,
    })
    sent.on('response', (answered) => {
      if (!list || answered.statusCode !== 200) {
        response.writeHead(answered.statusCode ?? 502, answered.headers)
        answered.pipe(response)
        return
      }
      answered.resume()
      const status = petStatuses.find((known) => known === searchParams.get('status'))
      const body = fixed ?? everyPet(status)
      const headers = { ...answered.headers, 'content-length': String(Buffer.byteLength(body)) }
      delete headers['transfer-encoding']
      response.writeHead(200, headers)
      response.end(request.method === 'HEAD' ? undefined : body)
    })
    sent.on('error', () => response.destroy())
    request.pipe(sent)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    close: async () => {
      server.closeAllConnections()
      await new Promise((resolve) => server.close(resolve))
      agent.destroy()
      await mock.close()
    },
  }
}

function emptyObjects(): string {
  return `[${Array.from({ length: 1_600_000 }, () => '{}').join(',')}]`
}

function manyFields(): string {
  return `{${Array.from({ length: 300_000 }, (_, index) => `"k${index}":${index}`).join(',')}}`
}

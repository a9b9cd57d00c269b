import { request } from 'node:http'

export interface ExchangeRequest {
  method: string
  url: string
  headers: Record<string, string>
  body?: string
  /** Default 2 s. */
  timeoutMs?: number
}

export interface ExchangeAnswer {
  status: number
  contentType: string | undefined
  body: string
}

/**
 * One HTTP request on a fresh connection, the whole answer read. Rejects on a refused connection
 * or after `timeoutMs`, so a caller polling a starting server never hangs on one attempt.
 * @example const { status } = await httpExchange({ method: 'GET', url: `${baseUrl}/pets`, headers })
 */
export function httpExchange({
  method,
  url,
  headers,
  body,
  timeoutMs = 2_000,
}: ExchangeRequest): Promise<ExchangeAnswer> {
  return new Promise((resolve, reject) => {
    const outgoing = request(url, { method, headers, agent: false, timeout: timeoutMs }, (response) => {
      const chunks: Array<Buffer> = []
      response.on('data', (chunk: Buffer) => chunks.push(chunk))
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          contentType: response.headers['content-type'],
          body: Buffer.concat(chunks).toString('utf8'),
        }),
      )
      response.on('error', reject)
    })
    outgoing.on('timeout', () => outgoing.destroy(new Error(`no answer within ${timeoutMs} ms`)))
    outgoing.on('error', reject)
    outgoing.end(body)
  })
}

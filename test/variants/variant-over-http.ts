import { listenOnLoopback } from './frameworks/listen-on-loopback.ts'
import type { RunningServer } from './frameworks/running-server.ts'
import { readBody, writeAnswer } from './http-variant.ts'
import { serveVariant, type Variant } from './variant.ts'

// Framing and connection fields are node's to read and write: the variant gets the message.
const connectionFields = new Set(['host', 'connection', 'content-length', 'transfer-encoding', 'keep-alive'])

/**
 * An in-process variant (its fetch over a fresh good mock) served over node:http on 127.0.0.1 at a free port: what a
 * command run in a shell (a reproduce line) can reach. The body goes to the variant as the bytes node read.
 * @example const { baseUrl, messagesBaseUrl, close } = await startVariantOverHttp(variant)
 */
export async function startVariantOverHttp(variant: Variant): Promise<RunningServer> {
  const fetch = await serveVariant(variant)
  const server = await listenOnLoopback((request, response) => {
    const headers = Object.fromEntries(
      Object.entries(request.headers).flatMap(([name, value]) =>
        connectionFields.has(name) || value === undefined ? [] : [[name, String(value)]],
      ),
    )
    const answered = readBody(request).then((body) =>
      fetch(`http://${request.headers.host ?? '127.0.0.1'}${request.url ?? '/'}`, {
        method: request.method,
        headers,
        ...(body.byteLength > 0 && { body: body as Uint8Array<ArrayBuffer> }),
      }),
    )
    answered
      .then((answer) => writeAnswer(response, answer))
      .catch((error: unknown) => response.destroy(error instanceof Error ? error : new Error(String(error))))
  })
  return { baseUrl: `${server.origin}/v1`, messagesBaseUrl: server.origin, close: server.close }
}

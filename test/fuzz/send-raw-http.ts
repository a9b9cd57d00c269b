import { connect } from 'node:net'
import type { FuzzAnswer } from './fuzz-answer.ts'
import { type ReadOptions, readHttpResponse } from './read-http-response.ts'

/**
 * Sends bytes as they are on a fresh loopback connection and reads the first answer, so that
 * requests fetch refuses to build (bad request lines, header bytes, framing) reach the server.
 * The connection is not half-closed: node:http would abort an in-flight request on a client FIN.
 * @example await sendRawHttp(port, Buffer.from('GET /v1/pets HTTP/1.1\r\nHost: x\r\n\r\n'))
 */
export async function sendRawHttp(port: number, bytes: Uint8Array, options: ReadOptions = {}): Promise<FuzzAnswer> {
  const socket = connect({ port, host: '127.0.0.1' })
  try {
    const answer = readHttpResponse(socket, options)
    socket.write(bytes)
    return await answer
  } finally {
    socket.destroy()
  }
}

import { connect as connectTcp, isIP, type Socket } from 'node:net'
import { connect as connectTls } from 'node:tls'
import type { RawAnswer, RawOutcome } from '../shared/contract-caller.ts'
import { parseRawAnswers } from './raw-exchange-parse.ts'

/** One request as written on the wire: its bytes, and its method (an answer to HEAD carries no content). */
export interface RawRequest {
  method: string
  bytes: Uint8Array
}

interface RawExchangeOptions {
  /** Longest the whole exchange may take, connecting included. */
  timeoutMs: number
  /** Most bytes read from the server; past it the read stops (`capped`). Default 1 MiB. */
  maxBytes?: number
  /** Ends the write side after the requests (a half-close): how a client cuts a body short. */
  halfClose?: boolean
  /**
   * Once every request has its final answer, how long to wait for the server to close (and to see bytes it sends
   * after them); 0 stops at once. Bounded by `timeoutMs`.
   */
  closeWaitMs?: number
}

/**
 * Writes requests (one, or several pipelined) at once over a connection of its own, TCP or TLS by the URL's
 * scheme, and reads what comes back within a time and a byte cap: each answer parsed (status line, field lines as
 * sent, framing, content), the bytes that parse as no answer, and whether the server closed the connection.
 * Never throws: a connection that fails says so in `error`.
 * @example await rawExchange('http://127.0.0.1:4010', [{ method: 'GET', bytes }], { timeoutMs: 10_000 })
 */
export function rawExchange(
  url: string,
  requests: ReadonlyArray<RawRequest>,
  { timeoutMs, maxBytes = 1_048_576, halfClose = false, closeWaitMs = 0 }: RawExchangeOptions,
): Promise<RawOutcome> {
  const target = new URL(url)
  const secure = target.protocol === 'https:'
  const port = Number(target.port || (secure ? 443 : 80))
  const host = target.hostname.replace(/^\[|\]$/g, '')
  const methods = requests.map((request) => request.method)
  return new Promise((resolve) => {
    const chunks: Array<Buffer> = []
    let length = 0
    let closed = false
    let timedOut = false
    let error: string | undefined
    let closeTimer: NodeJS.Timeout | undefined
    const started = performance.now()
    const socket: Socket = secure
      ? connectTls({ host, port, servername: isIP(host) === 0 ? host : undefined })
      : connectTcp({ host, port })
    const outcome = (): RawOutcome => {
      const bytes = Buffer.concat(chunks)
      const { answers, rest } = parseRawAnswers(bytes, methods, closed)
      return {
        answers,
        closed,
        timedOut,
        capped: length > maxBytes,
        rest: rest.subarray(0, 200).toString('latin1'),
        restBytes: rest.length,
        durationMs: Math.round(performance.now() - started),
        ...(error !== undefined && { error }),
      }
    }
    let done = false
    const finish = () => {
      if (done) return
      done = true
      clearTimeout(timer)
      clearTimeout(closeTimer)
      socket.destroy()
      resolve(outcome())
    }
    const timer = setTimeout(() => {
      timedOut = true
      finish()
    }, timeoutMs)
    socket.once(secure ? 'secureConnect' : 'connect', () => {
      for (const request of requests) socket.write(request.bytes)
      if (halfClose) socket.end()
    })
    socket.on('data', (chunk: Buffer) => {
      chunks.push(chunk)
      length += chunk.length
      if (length > maxBytes) return finish()
      if (closeTimer !== undefined || !allAnswered(parseRawAnswers(Buffer.concat(chunks), methods, false).answers))
        return
      if (closeWaitMs <= 0) return finish()
      closeTimer = setTimeout(finish, closeWaitMs)
    })
    function allAnswered(answers: ReadonlyArray<RawAnswer>): boolean {
      return answers.length >= requests.length && answers.every((answer) => answer.complete)
    }
    socket.on('end', () => {
      closed = true
      finish()
    })
    socket.once('error', (failure: Error & { code?: string }) => {
      error = failure.code ?? failure.message
      closed = true
      finish()
    })
    socket.once('close', () => {
      closed = true
      finish()
    })
  })
}

import { connect as connectTcp, isIP, type Socket } from 'node:net'
import { Duplex } from 'node:stream'
import { connect as connectTls, type TLSSocket } from 'node:tls'
import type { RawAnswer, RawOutcome } from '../shared/contract-caller.ts'
import { bodyDropped } from './collect-garbage.ts'
import { parseRawAnswers } from './raw-exchange-parse.ts'
import { TlsRecordReader } from './tls-records.ts'

/** One request as written on the wire: its bytes, and its method (an answer to HEAD carries no content). */
export interface RawRequest {
  method: string
  bytes: Uint8Array
  /** Content written only once the server has answered the header section, or `holdContentMs` has passed. */
  heldContent?: Uint8Array
  /** Writes the bytes up to `offset`, waits `ms`, then the rest (and the requests after it). */
  pause?: { offset: number; ms: number }
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
  /** Writes each request only once the answer to the one before it has come whole (and the connection is open). */
  inTurn?: boolean
  /**
   * How long a request's `heldContent` waits for an answer to its header section (a 100 Continue or a final status)
   * before it is written anyway, as a client that sent `Expect: 100-continue` does; after a final status it is not
   * written at all.
   */
  holdContentMs?: number
  /** Over TLS, reads the header of each record the server sends (`tls` in the outcome): RFC 9112 sections 9.7, 9.8. */
  tlsRecords?: boolean
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
  {
    timeoutMs,
    maxBytes = 1_048_576,
    halfClose = false,
    closeWaitMs = 0,
    inTurn = false,
    holdContentMs = 0,
    tlsRecords = false,
  }: RawExchangeOptions,
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
    let holdTimer: NodeJS.Timeout | undefined
    let pauseTimer: NodeJS.Timeout | undefined
    let firstByteMs: number | undefined
    // Whether the first byte came while a paused request's rest was still unwritten: read from the events' order, not
    // from the pause's length (a timer may fire a millisecond early, and a loaded machine writes late).
    let pausing = false
    let answeredInPause = false
    let held: 'continued' | 'refused' | 'waited' | undefined
    const started = performance.now()
    let written = started
    const servername = isIP(host) === 0 ? host : undefined
    const records = secure && tlsRecords ? new TlsRecordReader() : undefined
    const socket: Socket = !secure
      ? connectTcp({ host, port })
      : records
        ? connectTls({ socket: recordedConnection(host, port, records), servername })
        : connectTls({ host, port, servername })
    // The protocol the handshake agreed, read as it ends (a destroyed socket no longer tells it).
    let protocol: string | undefined
    const outcome = (): RawOutcome => {
      const bytes = Buffer.concat(chunks)
      const final = closed || timedOut || length > maxBytes
      const { answers, rest, pendingInterim } = parseRawAnswers(bytes, methods, closed, final)
      return {
        answers,
        closed,
        timedOut,
        capped: length > maxBytes,
        rest: rest.subarray(0, 200).toString('latin1'),
        restBytes: rest.length,
        durationMs: Math.round(performance.now() - started),
        ...(pendingInterim.length > 0 && { pendingInterim }),
        ...(firstByteMs !== undefined && { firstByteMs }),
        ...(answeredInPause && { answeredInPause }),
        ...(held !== undefined && { heldContent: held }),
        ...(error !== undefined && { error }),
        ...(records && protocol !== undefined && { tls: records.seen(protocol) }),
      }
    }
    let done = false
    const finish = () => {
      if (done) return
      done = true
      clearTimeout(timer)
      clearTimeout(closeTimer)
      clearTimeout(holdTimer)
      clearTimeout(pauseTimer)
      socket.destroy()
      resolve(outcome())
    }
    const timer = setTimeout(() => {
      timedOut = true
      finish()
    }, timeoutMs)
    const heldContent = requests.flatMap((request) => (request.heldContent ? [request.heldContent] : []))
    const release = (why: 'continued' | 'refused' | 'waited') => {
      if (held !== undefined || heldContent.length === 0) return
      clearTimeout(holdTimer)
      held = why
      if (why === 'refused' || socket.destroyed) return
      for (const content of heldContent) socket.write(content)
      if (halfClose) socket.end()
    }
    /** Once the last request is written: waits for what is held, or ends the write side where asked. */
    const wroteAll = () => {
      if (heldContent.length > 0) holdTimer = setTimeout(() => release('waited'), holdContentMs)
      else if (halfClose) socket.end()
    }
    // How many requests have begun to be written (a paused one included): in turn, the next waits for its answer.
    let begun = 0
    /**
     * Writes the requests from `index` on (only that one when in turn), pausing where one asks to, then waits for
     * what is held.
     */
    const writeFrom = (index: number) => {
      const end = inTurn ? Math.min(index + 1, requests.length) : requests.length
      for (let at = index; at < end; at++) {
        const { bytes, pause } = requests[at] as RawRequest
        begun = at + 1
        if (!pause) {
          socket.write(bytes)
          continue
        }
        socket.write(bytes.subarray(0, pause.offset))
        pausing = true
        pauseTimer = setTimeout(() => {
          if (done) return
          pausing = false
          socket.write(bytes.subarray(pause.offset))
          if (!inTurn) writeFrom(at + 1)
          else if (at + 1 === requests.length) wroteAll()
        }, pause.ms)
        return
      }
      if (end === requests.length) wroteAll()
    }
    socket.once(secure ? 'secureConnect' : 'connect', () => {
      if (secure) protocol = (socket as TLSSocket).getProtocol() ?? 'unknown'
      written = performance.now()
      writeFrom(0)
    })
    socket.on('data', (chunk: Buffer) => {
      chunks.push(chunk)
      length += chunk.length
      if (firstByteMs === undefined) answeredInPause = pausing
      firstByteMs ??= Math.round(performance.now() - written)
      if (held === undefined && heldContent.length > 0) {
        // The first status line and its header section: a 1xx asks for the content, a final status refuses it.
        const received = Buffer.concat(chunks).toString('latin1')
        const status = /^HTTP\/\d\.\d (\d)\d\d/.exec(received)
        if (status && received.includes('\r\n\r\n')) release(status[1] === '1' ? 'continued' : 'refused')
      }
      if (length > maxBytes) return finish()
      const { answers } = parseRawAnswers(Buffer.concat(chunks), methods, false)
      // Each chunk parses all bytes so far again: a long answer leaves that much garbage behind per chunk.
      bodyDropped(length)
      const whole = answers.filter((answer) => answer.complete).length
      if (inTurn && whole === begun && begun < requests.length && !socket.destroyed) writeFrom(begun)
      if (closeTimer !== undefined || !allAnswered(answers)) return
      if (closeWaitMs <= 0) return finish()
      closeTimer = setTimeout(finish, closeWaitMs)
    })
    function allAnswered(answers: ReadonlyArray<RawAnswer>): boolean {
      return answers.length >= requests.length && answers.every((answer) => answer.complete)
    }
    socket.on('end', () => {
      closed = true
      records?.close()
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

/**
 * A TCP connection to `host:port` as a stream a TLS client can run over, each chunk the server sends handed to
 * `records` before TLS reads it, and its close too.
 */
function recordedConnection(host: string, port: number, records: TlsRecordReader): Duplex {
  const tcp = connectTcp({ host, port })
  const stream: Duplex = new Duplex({
    read() {},
    write(chunk: Buffer, _encoding, done) {
      tcp.write(chunk, done)
    },
    final(done) {
      tcp.end()
      done()
    },
    destroy(failure, done) {
      tcp.destroy()
      done(failure)
    },
  })
  tcp.on('data', (chunk: Buffer) => {
    records.add(chunk)
    stream.push(chunk)
  })
  tcp.once('end', () => {
    records.close()
    stream.push(null)
  })
  tcp.once('error', (failure) => stream.destroy(failure))
  tcp.once('close', () => records.close())
  return stream
}

import { connect as connectTcp, isIP, type Socket } from 'node:net'
import { connect as connectTls } from 'node:tls'
import type { HeadOnWire } from '../shared/head-on-wire.ts'

/** How long the connection may stay silent after the final answer's head before the bytes read are counted. */
const quietMs = 300
/** Read no more than this after the header section: enough to tell content is there, never a whole body. */
const maxContentBytes = 65_536

/**
 * Sends a HEAD over a connection of its own (`Connection: close`), reads every byte the server sends until it
 * closes, stays silent for 300 ms after the final answer's head, `timeoutMs` passes or more than 64 KiB follow the
 * headers, and says how many came after the final
 * answer's header section (RFC 9110 section 9.3.2: "the server MUST NOT send content in the response"). A client
 * such as fetch drops those bytes unseen, or reads them as the start of the next answer on the connection.
 * Undefined when no whole header section came.
 * @example await readHeadOnWire('http://127.0.0.1:4010/v1/pets', { authorization: 'Bearer …' }, 10_000)
 */
export function readHeadOnWire(
  url: string,
  headers: Readonly<Record<string, string>>,
  timeoutMs: number,
): Promise<HeadOnWire | undefined> {
  const target = new URL(url)
  const secure = target.protocol === 'https:'
  const port = Number(target.port || (secure ? 443 : 80))
  const host = target.hostname.replace(/^\[|\]$/g, '')
  const lines = [
    `HEAD ${target.pathname}${target.search} HTTP/1.1`,
    `host: ${target.host}`,
    ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
    'connection: close',
  ]
  return new Promise((resolve) => {
    const chunks: Array<Buffer> = []
    let length = 0
    const socket: Socket = secure
      ? connectTls({ host, port, servername: isIP(host) === 0 ? host : undefined })
      : connectTcp({ host, port })
    const finish = () => {
      clearTimeout(timer)
      clearTimeout(quiet)
      socket.destroy()
      resolve(headOf(Buffer.concat(chunks)))
    }
    const timer = setTimeout(finish, timeoutMs)
    let quiet: NodeJS.Timeout | undefined
    socket.once(secure ? 'secureConnect' : 'connect', () => socket.write(`${lines.join('\r\n')}\r\n\r\n`))
    socket.on('data', (chunk: Buffer) => {
      chunks.push(chunk)
      length += chunk.length
      const head = headOf(Buffer.concat(chunks))
      clearTimeout(quiet)
      if (head && head.contentBytes > maxContentBytes) finish()
      else if (length > 1_048_576) finish()
      // The final answer's head is in: what follows comes at once, or a server that keeps the connection need not
      // be waited for until the client's timeout.
      else if (head) quiet = setTimeout(finish, quietMs)
    })
    socket.once('error', finish)
    socket.once('close', finish)
  })
}

/** The final answer's status and what follows its header section (interim 1xx answers skipped). */
function headOf(bytes: Buffer): HeadOnWire | undefined {
  let start = 0
  for (;;) {
    const end = bytes.indexOf('\r\n\r\n', start)
    if (end < 0) return undefined
    const status = Number(/^HTTP\/\d(?:\.\d)? (\d{3})/.exec(bytes.subarray(start, end).toString('latin1'))?.[1])
    if (!Number.isInteger(status)) return undefined
    if (status >= 200 || status < 100) {
      const content = bytes.subarray(end + 4)
      return { status, contentBytes: content.length, firstBytes: content.subarray(0, 60).toString('utf8') }
    }
    start = end + 4
  }
}

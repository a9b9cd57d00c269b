import type { ServerResponse } from 'node:http'
import { createGzip } from 'node:zlib'

/** A response a target may send that no client should let exhaust it. */
export interface HostileAnswer {
  name: string
  send(response: ServerResponse): void
}

const json = { 'content-type': 'application/json' }

/** Writes `chunk` as fast as the client reads, until it stops reading or `total` bytes are written. */
function pump(response: ServerResponse, chunk: Buffer, total = Number.POSITIVE_INFINITY): void {
  // An answer to HEAD carries no body: node drops every write to it and never pushes back, so nothing is pumped.
  if (response.req?.method === 'HEAD') {
    response.end()
    return
  }
  let closed = false
  let sent = 0
  response.on('close', () => {
    closed = true
  })
  const more = (): void => {
    while (!closed && sent < total) {
      sent += chunk.length
      if (!response.write(chunk)) break
    }
    if (closed) return
    if (sent < total) response.once('drain', more)
    else response.end()
  }
  more()
}

/**
 * A gzip body that inflates `gigabytes` GB of spaces, about 1 MB on the wire per GB: compressed once, in chunks.
 * @example const bomb = await gzipBomb(1)
 */
export async function gzipBomb(gigabytes: number): Promise<Buffer> {
  const gzip = createGzip({ level: 9 })
  const parts: Array<Buffer> = []
  gzip.on('data', (part: Buffer) => parts.push(part))
  const done = new Promise((resolve) => gzip.on('end', resolve))
  const block = Buffer.alloc(16 * 1024 * 1024, 0x20)
  for (let written = 0; written < gigabytes * 1024 ** 3; written += block.length)
    if (!gzip.write(block)) await new Promise((resolve) => gzip.once('drain', resolve))
  gzip.end()
  await done
  return Buffer.concat(parts)
}

/**
 * The hostile answers of the proof, each as one response: an endless chunked body, a Content-Length of 2 GB
 * honoured byte for byte, a gzip bomb, JSON nested a million levels deep, and a body dripping a byte a second.
 * @example for (const answer of hostileAnswers(await gzipBomb(1))) …
 */
export function hostileAnswers(bomb: Buffer): Array<HostileAnswer> {
  const spaces = Buffer.alloc(64 * 1024, 0x20)
  return [
    {
      name: 'an endless chunked body',
      send: (response) => {
        response.writeHead(200, json)
        pump(response, spaces)
      },
    },
    {
      name: 'a body of 2 GB (Content-Length)',
      send: (response) => {
        const total = 2 * 1024 ** 3
        response.writeHead(200, { ...json, 'content-length': String(total) })
        pump(response, spaces, total)
      },
    },
    {
      name: 'a gzip bomb',
      send: (response) => {
        response.writeHead(200, { ...json, 'content-encoding': 'gzip', 'content-length': String(bomb.length) })
        response.end(bomb)
      },
    },
    {
      name: 'JSON nested a million levels deep',
      send: (response) => {
        response.writeHead(200, json)
        response.end(`${'['.repeat(1_000_000)}${']'.repeat(1_000_000)}`)
      },
    },
    {
      name: 'a body dripping a byte a second',
      send: (response) => {
        response.writeHead(200, json)
        response.write('[')
        const drip = setInterval(() => response.write(' '), 1_000)
        response.on('close', () => clearInterval(drip))
      },
    },
  ]
}

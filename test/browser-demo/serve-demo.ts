import { readFile } from 'node:fs/promises'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'

export interface DemoServerOptions {
  /** Default 0: a free port. */
  port?: number
  /** Default 127.0.0.1. Service workers need a secure context: loopback is one, a LAN address is not. */
  host?: string
  /**
   * Another page to serve the same way (a copy of the project's): its HTML, the script it loads as `demo.js`
   * and the worker script, by path. Default: the demo's own.
   */
  page?: { html: string; entry: string; workerScript: string }
}

export interface DemoServer {
  /** The demo page, e.g. `http://127.0.0.1:4020/`. */
  url: string
  /** Stops accepting and closes open connections (a browser keeps them alive). */
  close(): Promise<void>
}

interface StaticFile {
  contentType: string
  body: string | Uint8Array
}

/**
 * Serves the browser demo: `index.html`, `demo.js` (demo.ts bundled in memory by esbuild) and
 * `mockServiceWorker.js`. Nothing else: every other path is a plain-text 404, so any answer
 * the page gets from `/v1` comes from the service worker.
 * @example
 * const demo = await serveDemo({ port: 4020 })
 * console.log(demo.url) // http://127.0.0.1:4020/
 * await demo.close()
 */
export async function serveDemo({
  port = 0,
  host = '127.0.0.1',
  page: other,
}: DemoServerOptions = {}): Promise<DemoServer> {
  const [html, bundle, workerScript] = await Promise.all([
    other ? Buffer.from(other.html) : readFile(new URL('./demo/index.html', import.meta.url)),
    bundleDemo(other?.entry ?? fileURLToPath(new URL('./demo/demo.ts', import.meta.url))),
    readFile(other?.workerScript ?? new URL('../../mocks/browser/public/mockServiceWorker.js', import.meta.url)),
  ])
  const page: StaticFile = { contentType: 'text/html; charset=utf-8', body: html }
  const files = new Map<string, StaticFile>([
    ['/', page],
    ['/index.html', page],
    ['/demo.js', { contentType: 'text/javascript; charset=utf-8', body: bundle }],
    ['/mockServiceWorker.js', { contentType: 'text/javascript; charset=utf-8', body: workerScript }],
  ])

  const server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://demo.invalid').pathname
    const file = files.get(path)
    const method = request.method ?? 'GET'
    if (file && (method === 'GET' || method === 'HEAD')) {
      // no-store: a restarted demo must never run an older bundle or worker from the cache.
      response.writeHead(200, {
        'content-type': file.contentType,
        'content-length': Buffer.byteLength(file.body),
        'cache-control': 'no-store',
      })
      response.end(method === 'HEAD' ? undefined : file.body)
      return
    }
    const text = file
      ? `Method ${method} not allowed on ${path}.\n`
      : `Not found: ${path}. This server serves only the demo's files; the API is answered by the mock service ` +
        `worker.\n`
    response.writeHead(file ? 405 : 404, {
      'content-type': 'text/plain; charset=utf-8',
      'cache-control': 'no-store',
      ...(file ? { allow: 'GET, HEAD' } : {}),
    })
    response.end(text)
  })

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, host, () => {
      server.off('error', reject)
      resolve()
    })
  })
  const address = server.address() as AddressInfo
  return {
    url: `http://${address.family === 'IPv6' ? `[${address.address}]` : address.address}:${address.port}/`,
    close: () =>
      new Promise((resolve) => {
        if (!server.listening) return resolve()
        server.close(() => resolve())
        server.closeAllConnections()
      }),
  }
}

/** The page's script (demo.ts) and everything it imports (the whole mock, faker and zod included) as one ES module. */
async function bundleDemo(entry: string): Promise<Uint8Array> {
  const output = await build({
    entryPoints: [entry],
    bundle: true,
    write: false,
    platform: 'browser',
    format: 'esm',
    target: 'es2022',
    sourcemap: 'inline',
    logLevel: 'silent',
  })
  const file = output.outputFiles[0]
  if (!file) throw new Error('Failed to bundle the demo: expected one output file from esbuild, got none.')
  return file.contents
}

import { createServer as createHttpServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { fileURLToPath } from 'node:url'
import { createServer } from 'vite'

/**
 * Playwright's global setup: the app's Vite dev server, as `npm run dev` serves it, on a free loopback port (Vite
 * itself counts up from 5173), for `baseURL`. Returns the teardown.
 */
export default async function serveApp(): Promise<() => Promise<void>> {
  const http = createHttpServer()
  const vite = await createServer({
    root: fileURLToPath(new URL('.', import.meta.url)),
    server: { middlewareMode: true, hmr: { server: http } },
    logLevel: 'error',
  })
  http.on('request', vite.middlewares)
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve))
  process.env.APP_URL = `http://127.0.0.1:${(http.address() as AddressInfo).port}/`
  return async () => {
    await vite.close()
    await new Promise((resolve) => http.close(resolve))
  }
}

import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import { request as httpRequest } from 'node:http'
import { connect } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, expect, it } from 'vitest'
import { scaledMs } from '../../tools/time-scale.ts'
import { startServeProcess } from '../support/start-serve-process.ts'
import { listenOnLoopback } from '../variants/frameworks/listen-on-loopback.ts'

// The app's key: never in the proxy's output, journal, reports or recording, even where the deployment echoes it.
const key = 's3cret-proxy-key-0042'
const auth = `Bearer ${key}`
const dir = await mkdtemp(join(tmpdir(), 'proxy-security-'))
afterAll(() => rm(dir, { recursive: true, force: true }))

/** Every request a server got: method, target and Host. */
type Seen = Array<{ method: string; url: string; host: string | undefined }>

/** A loopback server that only counts what reaches it: no request may. */
async function startForeign() {
  const seen: Seen = []
  const server = await listenOnLoopback((request, response) => {
    seen.push({ method: request.method ?? '', url: request.url ?? '', host: request.headers.host })
    response.end('foreign')
  })
  return { ...server, seen }
}

/** The deployment: a pet by id, a redirect to the foreign server, and a 401 that echoes the key it got. */
async function startDeployment(foreignOrigin: string) {
  const seen: Seen = []
  const server = await listenOnLoopback((request, response) => {
    seen.push({ method: request.method ?? '', url: request.url ?? '', host: request.headers.host })
    const json = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      response.writeHead(status, { 'content-type': 'application/json', ...headers })
      response.end(JSON.stringify(body))
    }
    if (request.url === '/v1/pets/302') return json(302, {}, { location: `${foreignOrigin}/v1/pets/1` })
    if (request.url?.startsWith('/v1/pets?'))
      return json(401, { code: 'unauthorized', message: `Unknown key: ${request.headers.authorization}`, status: 401 })
    json(
      200,
      { id: 1, name: 'Rex', categoryId: 1 },
      { deprecation: '@1767225600', sunset: 'Thu, 05 Dec 2030 00:00:00 GMT' },
    )
  })
  return { ...server, seen }
}

/** Writes a request as bytes on a connection of its own and reads the answer until the server closes it. */
function writeRaw(port: number, text: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect({ port, host: '127.0.0.1' }, () => socket.write(text))
    let answer = ''
    socket.setEncoding('latin1')
    socket.on('data', (chunk) => (answer += chunk))
    socket.on('end', () => resolve(answer))
    socket.on('error', reject)
    socket.setTimeout(scaledMs(10_000), () => socket.destroy(new Error('no answer in time')))
  })
}

/** A GET with a Host of our choosing (fetch sets its own). */
function getWithHost(url: string, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const sent = httpRequest(url, { headers: { host, authorization: auth } }, (response) => {
      response.resume()
      response.on('end', () => resolve(response.statusCode ?? 0))
    })
    sent.on('error', reject)
    sent.end()
  })
}

it('reaches only the configured origin, follows no redirect, keeps the key out of everything it writes', async () => {
  const foreign = await startForeign()
  const deployment = await startDeployment(foreign.origin)
  const reportDir = join(dir, 'reports')
  const record = join(dir, 'pets.json')
  const proxy = await startServeProcess(
    ['--port', '0', '--proxy', `${deployment.origin}/v1`, '--report-dir', reportDir, '--record', record],
    { env: { PETSTORE_API_KEY: '' } },
  )
  try {
    expect(proxy.url, proxy.output()).toBeDefined()
    const { port } = new URL(proxy.url as string)
    const foreignHost = new URL(foreign.origin).host
    const deploymentHost = new URL(deployment.origin).host
    // An absolute-form target naming the foreign server, and a Host naming it: both go to the deployment.
    const absolute = await writeRaw(
      Number(port),
      `GET ${foreign.origin}/v1/pets/1 HTTP/1.1\r\nHost: ${foreignHost}\r\nAuthorization: ${auth}\r\n` +
        'Connection: close\r\n\r\n',
    )
    expect(absolute).toMatch(/^HTTP\/1\.1 200 /)
    expect(await getWithHost(`${proxy.url}/pets/1`, foreignHost)).toBe(200)
    // A redirect to the foreign server comes back as it was, unfollowed.
    const redirect = await fetch(`${proxy.url}/pets/302`, { headers: { authorization: auth }, redirect: 'manual' })
    expect(redirect.status).toBe(302)
    expect(redirect.headers.get('location')).toBe(`${foreign.origin}/v1/pets/1`)
    // A deployment that echoes the key, and a key in the query.
    expect((await fetch(`${proxy.url}/pets?limit=1&api_key=${key}`, { headers: { authorization: auth } })).status).toBe(
      401,
    )
    const journal = await (await fetch(`${new URL(proxy.url as string).origin}/__mock/requests`)).text()

    expect(foreign.seen).toEqual([])
    expect(deployment.seen.map(({ url }) => url)).toEqual([
      '/v1/pets/1',
      '/v1/pets/1',
      '/v1/pets/302',
      `/v1/pets?limit=1&api_key=${key}`,
    ])
    for (const { host } of deployment.seen) expect(host).toBe(deploymentHost)
    expect(journal).toContain('status_code_documented')
    expect(journal).not.toContain(key)

    proxy.child.kill('SIGTERM')
    const [code] = await proxy.exited
    // The redirect is a status getPet does not document: the report fails, and so does the process.
    expect(code, proxy.output()).toBe(1)
    expect(proxy.output()).toContain('Proxy report: contract violations')
    expect(proxy.output()).not.toContain(key)
    const written = [...(await readdir(reportDir)).map((name) => join(reportDir, name)), record]
    for (const file of written) expect(await readFile(file, 'utf8'), file).not.toContain(key)
    const reportText = await readFile(join(reportDir, 'contract-report.json'), 'utf8')
    // The key was there to keep out: the request's header, its query, the body that echoed it.
    expect(reportText).toContain('Bearer $PETSTORE_API_KEY')
    expect(reportText).toContain('api_key=$PETSTORE_API_KEY')
    const report = JSON.parse(reportText)
    expect(report.passed).toBe(false)
    const redirected = report.reproduce.find((item: { check: string }) => item.check === 'status_code_documented')
    expect(redirected.message).toContain('not followed')
    expect(redirected.command).toContain(`${deployment.origin}/v1/pets/302`)
  } finally {
    if (proxy.child.exitCode === null) proxy.child.kill('SIGKILL')
    await foreign.close()
    await deployment.close()
  }
})

it('refuses a path that leaves the base once its dot segments are removed, with 400, sending nothing', async () => {
  const deployment = await startDeployment('http://127.0.0.1:9')
  const proxy = await startServeProcess(
    ['--port', '0', '--proxy', `${deployment.origin}/v1`, '--report-dir', join(dir, 'dots')],
    { env: { PETSTORE_API_KEY: '' } },
  )
  try {
    const { port } = new URL(proxy.url as string)
    // Written on the wire: fetch and URL would remove the dot segments before sending.
    const send = (target: string) =>
      writeRaw(Number(port), `GET ${target} HTTP/1.1\r\nHost: x\r\nAuthorization: ${auth}\r\nConnection: close\r\n\r\n`)
    for (const target of ['/v1/../../admin', '/v1/%2e%2e/%2e%2e/admin', '/v1/%2E%2E/admin', '/v1/..%2f..%2fadmin']) {
      const answer = await send(target)
      expect(answer, target).toMatch(/^HTTP\/1\.1 400 /)
      expect(answer, target).toContain('once its dot segments are removed')
    }
    // Dot segments that stay inside the base are removed, and the path goes out resolved.
    expect(await send('/v1/pets/../pets/1')).toMatch(/^HTTP\/1\.1 200 /)
    expect(deployment.seen.map(({ url }) => url)).toEqual(['/v1/pets/1'])
  } finally {
    proxy.child.kill('SIGKILL')
    await proxy.exited
    await deployment.close()
  }
})

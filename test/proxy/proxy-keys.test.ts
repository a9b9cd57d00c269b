import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import { type IncomingMessage, request } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, expect, it } from 'vitest'
import {
  echoedForms,
  headerByteForms,
  keyNeedles,
  listedForms,
} from '../../contract-tests/reports/echoed-forms.test-support.ts'
import { scaledMs } from '../../tools/time-scale.ts'
import { startServeProcess } from '../support/start-serve-process.ts'
import { listenOnLoopback } from '../variants/frameworks/listen-on-loopback.ts'

// Whatever a deployment echoes of a key, in whatever answer, after however many other keys: no output of the proxy
// holds it. The keys: one sent as a bearer token, one only ever as `?api_key=`, one only ever as `X-API-Key`.
const bearerKey = 'rk_test_9Zq4Lm2Xv7Tb1Nc8Wd5Hy3Pj'
const paramKey = 'pk_live_3Hs8Qw1Ze6Rt4Yu7Io2Pa'
const headerKey = 'hk-5Vb9Nm3Xc7Lk1Jh'
const otherKeys = 1_000

const dir = await mkdtemp(join(tmpdir(), 'proxy-keys-'))
afterAll(() => rm(dir, { recursive: true, force: true }))

/** The credential a request carried, wherever it was. */
function credentialOf(incoming: IncomingMessage): string {
  const authorization = incoming.headers.authorization ?? ''
  const query = new URL(incoming.url ?? '/', 'http://x').searchParams.get('api_key')
  return authorization.replace(/^Bearer /, '') || String(incoming.headers['x-api-key'] ?? query ?? '')
}

const formsOf = (key: string): Array<string> =>
  Object.values({ ...echoedForms(key), ...listedForms(key), ...headerByteForms(key) })
const headerSafe = /^[\x20-\x7e\x80-\xff]*$/

/**
 * A deployment that echoes: `GET /v1/pets/{n}` answers a pet named with the n-th form of the key the request
 * carried, every form it can carry in a header besides; it keeps those pets, and `GET /v1/pets` lists them all,
 * whatever key asks (an echo in the answer to another request); any other read answers a plain pet.
 */
async function startEchoingDeployment() {
  const kept: Array<{ id: number; name: string; categoryId: number }> = []
  return listenOnLoopback((incoming, response) => {
    const credential = credentialOf(incoming)
    const path = new URL(incoming.url ?? '/', 'http://x').pathname
    const json = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      response.writeHead(status, { 'content-type': 'application/json', date: new Date().toUTCString(), ...headers })
      response.end(JSON.stringify(body))
    }
    if (path === '/v1/pets') return json(200, kept)
    const id = Number(path.split('/').at(-1))
    if (credential === '' || id >= 5_000) return json(200, { id: 5_000, name: 'Rex', categoryId: 1 })
    const forms = formsOf(credential)
    const pet = { id, name: `Rex ${forms[id % forms.length]}`, categoryId: 1 }
    kept.push(pet)
    const headers: Record<string, string> = {}
    for (const [index, form] of forms.filter((value) => headerSafe.test(value)).entries())
      headers[`x-echo-${index}`] = form
    json(200, pet, headers)
  })
}

/** A GET through the proxy with the headers given; its status. */
function get(url: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const sent = request(url, { headers }, (answer) => {
      answer.resume()
      answer.on('end', () => resolve(answer.statusCode ?? 0))
    })
    sent.on('error', reject)
    sent.end()
  })
}

it('keeps every key out of every output, in every echoed form, in any answer, after 1,000 other keys', {
  timeout: scaledMs(300_000),
}, async () => {
  const deployment = await startEchoingDeployment()
  const reportDir = join(dir, 'reports')
  const record = join(dir, 'pets.json')
  const proxy = await startServeProcess(
    [
      ...['--port', '0', '--proxy', `${deployment.origin}/v1`, '--report-dir', reportDir, '--record', record],
      ...['--journal-size', '5000'],
    ],
    { env: { PETSTORE_API_KEY: '' } },
  )
  try {
    expect(proxy.url, proxy.output()).toBeDefined()
    const base = proxy.url as string
    // Each key echoed in each form: in a pet's name (read and recorded) and in the answer's header fields.
    for (let id = 1; id <= formsOf(bearerKey).length; id++) {
      expect(await get(`${base}/pets/${id}`, { authorization: `Bearer ${bearerKey}` })).toBe(200)
      expect(await get(`${base}/pets/${100 + id}?api_key=${encodeURIComponent(paramKey)}`, {})).toBe(200)
      expect(await get(`${base}/pets/${200 + id}`, { 'x-api-key': headerKey })).toBe(200)
    }
    for (let other = 0; other < otherKeys; other++)
      await get(`${base}/pets/5000`, { authorization: `Bearer other-key-${other}-Tq8${(other * 7919).toString(36)}` })
    // After them, a list with yet another key answers every pet kept: the first keys, echoed in another's answer.
    expect(await get(`${base}/pets?limit=100`, { authorization: 'Bearer the-last-key-Wq3Zr8' })).toBe(200)
    const origin = new URL(base).origin
    const journal = await (await fetch(`${origin}/__mock/requests`)).text()
    const traffic = (await (await fetch(`${origin}/__mock/report`)).json()) as { exchanges: number }
    expect(traffic.exchanges).toBe(3 * formsOf(bearerKey).length + otherKeys + 1)

    proxy.child.kill('SIGTERM')
    const [code] = await proxy.exited
    expect(code, proxy.output()).not.toBeNull()
    const written: Record<string, string> = { console: proxy.output(), journal }
    for (const name of await readdir(reportDir)) written[name] = await readFile(join(reportDir, name), 'utf8')
    written.recording = await readFile(record, 'utf8')
    // The echoes reached the outputs, each where a form of a key stood.
    expect(written.recording).toContain('"name":"Rex $PETSTORE_API_KEY"')
    expect(written['contract-report.json']).toContain('Rex $PETSTORE_API_KEY')
    expect(written['contract-report.json']).toMatch(/credential in their fields: recorded with \$PETSTORE_API_KEY/)
    expect(journal).toContain('api_key=$PETSTORE_API_KEY')
    const found = [bearerKey, paramKey, headerKey].flatMap((key) =>
      keyNeedles(key).flatMap(([what, needle]) =>
        Object.entries(written).flatMap(([where, text]) =>
          text.includes(needle) ? [`${where} holds ${what} of ${key.slice(0, 3)}`] : [],
        ),
      ),
    )
    expect(found).toEqual([])
  } finally {
    if (proxy.child.exitCode === null) proxy.child.kill('SIGKILL')
    await deployment.close()
  }
})

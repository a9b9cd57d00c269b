import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, expect, it } from 'vitest'
import type { JournalEntry } from '../../mocks/core/controls/request-journal.ts'
import { parseProxyOrigin } from '../../proxy/proxy-origin.ts'
import { startPetStoreProxy } from '../../proxy/start-pet-store-proxy.ts'
import { conformantVariants } from '../variants/conformant-variants.ts'
import { faultyVariants } from '../variants/faulty-variants.ts'
import type { RunningServer } from '../variants/frameworks/running-server.ts'
import { startVariantOverHttp } from '../variants/variant-over-http.ts'
import { sendAppTraffic } from './app-traffic.ts'

// A conformant deployment that makes other choices (ids above 10^12), and one whose lists carry string ids: a
// defect the schema check sees in one exchange.
const conformant = conformantVariants.find((variant) => variant.name === 'large-ids')
const faulty = faultyVariants.find((variant) => variant.name === 'string-ids-in-list')
const dir = await mkdtemp(join(tmpdir(), 'proxy-verdicts-'))
afterAll(() => rm(dir, { recursive: true, force: true }))

/** The scripted traffic through a proxy in front of `deployment`; the report written, the journal read. */
async function throughProxy(deployment: RunningServer, name: string) {
  const reportDir = join(dir, name)
  const origins = {
    pets: parseProxyOrigin('--proxy', deployment.baseUrl),
    messages: parseProxyOrigin('--messages-proxy', deployment.messagesBaseUrl),
  }
  const proxy = await startPetStoreProxy({ origins, reportDir })
  try {
    const answers = await sendAppTraffic(proxy.baseUrl, proxy.messagesBaseUrl)
    const summary = await proxy.report()
    const journal = await fetch(`${new URL(proxy.baseUrl).origin}/__mock/requests`)
    const { requests } = (await journal.json()) as { requests: Array<JournalEntry> }
    const json = JSON.parse(await readFile(join(reportDir, 'contract-report.json'), 'utf8'))
    const junit = await readFile(join(reportDir, 'junit.xml'), 'utf8')
    return { answers, summary, requests, json, junit }
  } finally {
    await proxy.close()
    await deployment.close()
  }
}

it('passes a conformant deployment: every operation and status the app met a passing test case', async () => {
  const { answers, summary, requests, json } = await throughProxy(await startVariantOverHttp(conformant!), 'good')
  expect(answers.map(({ request, status }) => `${request} ${status}`)).toEqual([
    'list 200',
    'list sold 200',
    'create 201',
    'read created 200',
    'read missing 404',
    'read without key 401',
    'message 202',
  ])
  expect(summary).toMatchObject({ passed: true, exitCode: 0, counts: { violations: 0, failed: 0 } })
  expect(json.passed).toBe(true)
  expect(json.scenarios.map((scenario: { title: string }) => scenario.title)).toEqual([
    'listPets (GET /pets) answered 200',
    'createPet (POST /pets) answered 201',
    'getPet (GET /pets/{petId}) answered 200',
    'getPet (GET /pets/{petId}) answered 401',
    'getPet (GET /pets/{petId}) answered 404',
    'sendMessage (POST /messages) answered 202',
  ])
  expect(requests).toHaveLength(7)
  for (const entry of requests) expect(entry.findings, `${entry.method} ${entry.path}`).toEqual([])
})

it('fails a faulty deployment, naming the violation and the request that showed it, in the journal too', async () => {
  const { answers, summary, requests, json, junit } = await throughProxy(await startVariantOverHttp(faulty!), 'bad')
  // The app got the deployment's answer as it was: the ids as strings.
  const listed = answers[0]?.json as Array<{ id: unknown }>
  expect(typeof listed[0]?.id).toBe('string')
  expect(summary).toMatchObject({ passed: false, exitCode: 1 })
  expect(summary.counts.violations).toBeGreaterThan(0)
  expect(json.passed).toBe(false)
  const finding = json.reproduce.find((item: { check: string }) => item.check === 'response_schema_conformance')
  expect(finding.test).toBe('listPets (GET /pets) answered 200')
  expect(finding.level).toBe('violation')
  // The request that showed it, as sent to the deployment, the key left to the shell.
  expect(finding.command).toMatch(/^curl -sS -i 'http:\/\/127\.0\.0\.1:\d+\/v1\/pets\?limit=5'/)
  expect(finding.command).toContain('$PETSTORE_API_KEY')
  expect(junit).toMatch(/<failure message="response_schema_conformance: [^"]+" type="response_schema_conformance">/)
  const list = requests.find((entry) => entry.path === '/v1/pets' && entry.query === 'limit=5')
  expect(list?.findings).toContainEqual(
    expect.objectContaining({ level: 'violation', check: 'response_schema_conformance' }),
  )
  const read = requests.find((entry) => entry.path === '/v1/pets/987654321')
  expect(read?.findings).toEqual([])
})

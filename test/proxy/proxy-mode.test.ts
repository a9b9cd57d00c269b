import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, expect, it } from 'vitest'
import { startServeProcess } from '../support/start-serve-process.ts'
import { faultyVariants } from '../variants/faulty-variants.ts'
import { startVariantOverHttp } from '../variants/variant-over-http.ts'

// In proxy mode the mock serves no pets of its own: its controls say so, and its page and reports speak of the
// traffic it observed, in words that count right.

const dir = await mkdtemp(join(tmpdir(), 'proxy-mode-'))
afterAll(() => rm(dir, { recursive: true, force: true }))
const faulty = faultyVariants.find((variant) => variant.name === 'string-ids-in-list')!
const auth = { authorization: 'Bearer petstore-dev-key' }

it('refuses rules, sessions, reset and state with 409 and a reason, and its page offers none of them', async () => {
  const deployment = await startVariantOverHttp(faulty)
  const proxy = await startServeProcess(
    ['--port', '0', '--proxy', deployment.baseUrl, '--report-dir', join(dir, 'admin')],
    { env: { PETSTORE_API_KEY: '' } },
  )
  try {
    const admin = `${new URL(proxy.url as string).origin}/__mock`
    const json = { 'content-type': 'application/json' }
    const calls: Array<[string, string, string?]> = [
      ['POST', '/rules', '{"method":"GET","path":"/v1/pets","status":503}'],
      ['GET', '/rules'],
      ['DELETE', '/rules'],
      ['DELETE', '/rules/r1'],
      ['GET', '/sessions'],
      ['POST', '/reset'],
      ['GET', '/state'],
      ['PUT', '/state', '{"pets":[]}'],
    ]
    for (const [method, path, body] of calls) {
      const answer = await fetch(`${admin}${path}`, { method, ...(body && { headers: json, body }) })
      expect(answer.status, `${method} ${path}`).toBe(409)
      const error = (await answer.json()) as { code: string; message: string }
      expect(error.code).toBe('conflict')
      expect(error.message).toContain('rules, sessions, reset and state act on the mock only')
    }
    // The traffic is forwarded unchanged all the same: no rule took.
    expect((await fetch(`${proxy.url}/pets?limit=2`, { headers: auth })).status).toBe(200)
    const page = await (await fetch(`${admin}/`)).text()
    expect(page).toContain('<h1>Pet Store proxy</h1>')
    expect(page).not.toMatch(/rule-form|Add rule|Reset|Sessions/)
    const script = await (await fetch(`${admin}/admin.js`)).text()
    expect(script).toContain('/report')
    expect(script).not.toMatch(/\/rules|\/sessions|\/reset/)
    const traffic = await (await fetch(`${admin}/report`)).json()
    expect(traffic).toEqual({ exchanges: 1, judged: 1, unrouted: 0, refused: 0, notes: [] })
  } finally {
    proxy.child.kill('SIGKILL')
    await proxy.exited
    await deployment.close()
  }
})

it('reports the traffic it judged in its own words, one and many counted right', async () => {
  const deployment = await startVariantOverHttp(faulty)
  const reportDir = join(dir, 'words')
  const proxy = await startServeProcess(['--port', '0', '--proxy', deployment.baseUrl, '--report-dir', reportDir], {
    env: { PETSTORE_API_KEY: '' },
  })
  try {
    expect((await fetch(`${proxy.url}/pets?limit=2`, { headers: auth })).status).toBe(200)
    expect((await fetch(`${proxy.url}/nowhere`, { headers: auth })).status).toBe(404)
    proxy.child.kill('SIGTERM')
    const [code] = await proxy.exited
    expect(code).toBe(1)
    expect(proxy.output()).toContain(
      'Proxy report: contract violations; 1 exchange judged of 1 request forwarded; 2 test cases (1 failed, 0 not ' +
        'judged), ',
    )
    const html = await readFile(join(reportDir, 'contract-report.html'), 'utf8')
    expect(html).toContain('<dt>Traffic</dt><dd>1 exchange judged of 1 request forwarded; 1 request forwarded for no')
    expect(html).toContain('<b>1</b> exchange judged')
    expect(html).toContain('the traffic, then one per operation and status seen')
    expect(html).not.toMatch(/<dt>(Setup|Mode)<\/dt>|unsafe request|Read-write|setup, then scenarios/)
    const junit = await readFile(join(reportDir, 'junit.xml'), 'utf8')
    expect(junit).toContain('<testsuite name="traffic"')
    expect(junit).toContain('<property name="exchangesJudged" value="1"/>')
    expect(junit).not.toContain('unsafeRequestsSent')
    const report = JSON.parse(await readFile(join(reportDir, 'contract-report.json'), 'utf8'))
    expect(report.traffic).toEqual({ exchanges: 1, judged: 1, unrouted: 1, refused: 0, notes: [] })
    const failed = report.scenarios.find((scenario: { outcome: string }) => scenario.outcome === 'failed')
    // A failed test case holds its findings; no assertion of its own says it passed.
    expect(failed.assertions).toEqual([])
    expect(failed.reason).toBe(
      '1 request, 1 exchange kept in this report; findings: response_schema_conformance on 1 of them.',
    )
  } finally {
    if (proxy.child.exitCode === null) proxy.child.kill('SIGKILL')
    await deployment.close()
  }
})

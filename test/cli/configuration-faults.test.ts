import { mkdtemp, rm } from 'node:fs/promises'
import { createServer as createHttpsServer } from 'node:https'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, expect, it } from 'vitest'
import { startPetStoreServer } from '../../mocks/node/start-pet-store-server.ts'
import { developmentApiKey } from '../../shared/development-api-key.ts'
import { scaledMs } from '../../tools/time-scale.ts'
import { corpusServers } from '../corpus/corpus-servers.ts'
import { startCorpusServer } from '../corpus/start-corpus-server.ts'
import { reportOutputs } from '../support/report-outputs.ts'
import { runContractProcess } from '../support/run-contract-process.ts'
import { selfSignedCertificate } from '../support/self-signed-certificate.ts'
import { startStubServer } from '../support/start-stub-server.ts'
import { faultyVariants } from '../variants/faulty-variants.ts'
import { json, judgeVariant, operationOf, rewrite, type Variant } from '../variants/variant.ts'

const cleanups: Array<() => Promise<unknown>> = []
afterEach(async () => {
  await Promise.all(cleanups.splice(0).map((cleanup) => cleanup()))
})

const wrongKey = 'sk-stale-ci-secret-4f9e2a'
const keyRefused =
  /^The API key was refused \(401\) on every keyed request: pass the deployment's key in PETSTORE_API_KEY /

async function reportDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'contract-config-'))
  cleanups.push(() => rm(dir, { recursive: true, force: true }))
  return dir
}

/**
 * A run the suite could not judge for its configuration: exit 2; the cause the first line of the summary and the
 * same words in every report; no finding counted; neither key anywhere.
 */
async function expectConfigurationFault(
  args: Array<string>,
  env: Record<string, string>,
  cause: RegExp,
  keys: ReadonlyArray<string> = [wrongKey],
): Promise<string> {
  const dir = await reportDir()
  const run = await runContractProcess([...args, '--report-dir', dir], env, scaledMs(120_000))
  const shown = `${run.stdout}\n${run.stderr}`
  expect(run.code, shown).toBe(2)
  const [first = ''] = run.stdout.split('\n')
  const reason = first.replace(/^Verdict: TARGET COULD NOT BE JUDGED \(exit 2\): /, '')
  expect(first, shown).toBe(`Verdict: TARGET COULD NOT BE JUDGED (exit 2): ${reason}`)
  expect(reason).toMatch(cause)
  const written = await reportOutputs(run, dir)
  const report = JSON.parse(written['contract-report.json'] ?? '{}')
  expect(report).toMatchObject({ exitCode: 2, targetError: reason, configurationFault: true })
  expect(report.counts).toMatchObject({ violations: 0, deviations: 0, failed: 0, errors: 1 })
  expect(written['junit.xml, read']).toContain(reason)
  expect(written['junit.xml']).toMatch(/<testsuites[^>]* failures="0" errors="1"/)
  expect(written['contract-report.html, read']).toContain(reason)
  for (const [name, text] of Object.entries(written))
    for (const key of keys) expect(text, `${name} holds a key`).not.toContain(key)
  return reason
}

it('exits 2 with the key refused, not 54 failures, when the in-process mock does not know the key', async () => {
  const reason = await expectConfigurationFault(['--api-key', wrongKey], {}, keyRefused)
  expect(reason).toContain('on listPets and createPet')
})

it('says the same of the standalone mock it starts (--target local), with the keys npm start takes', async () => {
  // The mock accepts PETSTORE_API_KEY's keys (else the development key); --api-key is only what the run sends.
  await expectConfigurationFault(['--target', 'local', '--api-key', wrongKey], {}, keyRefused)
})

it('says the key is refused by a corpus server started with another key, and counts no violation', async () => {
  const express = corpusServers.find((server) => server.name === 'express')!
  const server = await startCorpusServer(express, developmentApiKey)
  cleanups.push(server.close)
  const target = ['--base-url', server.baseUrl, '--messages-base-url', server.messagesBaseUrl]
  await expectConfigurationFault(target, { PETSTORE_API_KEY: wrongKey }, keyRefused)
})

it('asks a second operation before it calls the key refused in a read-only run, that lists the pets only', async () => {
  const mock = await startPetStoreServer()
  cleanups.push(mock.close)
  const reason = await expectConfigurationFault(
    ['--base-url', mock.baseUrl, '--read-only'],
    { PETSTORE_API_KEY: wrongKey },
    keyRefused,
  )
  expect(reason).toContain('(2 of 2 keyed requests of the setup answered 401, on listPets and getPet;')
})

it('judges a valid key refused by one operation only as the defect it is: a violation, exit 1', async () => {
  const refusesReads = rewrite({
    name: 'get-pet-refuses-valid-keys',
    description: 'answers 401 to getPet whatever the key',
    request: (request) =>
      operationOf(request) === 'getPet'
        ? json(401, { code: 'unauthorized', message: 'No.', status: 401 }, { 'www-authenticate': 'Bearer' })
        : request,
  })
  const result = await judgeVariant(refusesReads, { only: ['getPet'], explore: { seed: 1 } })
  expect(result.exitCode).toBe(1)
  expect(result.configurationFault).toBeUndefined()
  expect(result.findings.violations).toBeGreaterThan(0)
})

it('judges what needs no key when the key is refused: a server answering without one fails, exit 1', async () => {
  const inverted = faultyVariants.find((variant) => variant.name === 'key-check-inverted') as Variant
  const result = await judgeVariant(inverted, { explore: { seed: 1 } })
  expect(result.exitCode).toBe(1)
  expect(result.configurationFault).toBeUndefined()
  expect(result.verdictNote).toMatch(keyRefused)
  const ran = result.scenarios.filter((scenario) => scenario.outcome !== 'skipped')
  expect(new Set(ran.map((scenario) => scenario.check))).toEqual(new Set(['auth_required', 'generated_auth']))
  const failed = ran.filter((scenario) => scenario.outcome === 'failed')
  expect(failed.map((scenario) => scenario.title)).toContain(
    'listPets answers 401 with an Error to no Authorization header',
  )
})

it('says the base URL is wrong when it answers for another service, and counts no violation', async () => {
  const other = await startStubServer((_request, response) => {
    response.writeHead(404, { 'content-type': 'application/json' })
    response.end('{"error":"no such route"}')
  })
  cleanups.push(other.close)
  await expectConfigurationFault(
    ['--base-url', `${other.url}/v1`],
    { PETSTORE_API_KEY: wrongKey },
    /^The base URL is probably wrong: \d+ of \d+ answers were a 404 or an HTML page .* Check --base-url /,
  )
})

it('says the messages base address is the pets one, given so, and names --messages-base-url', async () => {
  const mock = await startPetStoreServer()
  cleanups.push(mock.close)
  await expectConfigurationFault(
    ['--base-url', mock.baseUrl, '--messages-base-url', mock.baseUrl],
    { PETSTORE_API_KEY: developmentApiKey },
    /^The messages API's base address is the pets API's \(http:\/\/[\d.:]+\/v1\): pass .* in --messages-base-url/,
    [developmentApiKey],
  )
})

it('says so too where the default makes it the pets one: a pets API served at a base not ending in /v1', async () => {
  const mock = await startPetStoreServer()
  cleanups.push(mock.close)
  // A gateway that serves the pets API under /api: the default messages base address is then /api too.
  const gateway = await startStubServer((request, response) => {
    const chunks: Array<Buffer> = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', async () => {
      const body = chunks.length > 0 ? Buffer.concat(chunks) : undefined
      const headers = Object.fromEntries(
        Object.entries(request.headers).filter(([name]) => !['host', 'connection', 'content-length'].includes(name)),
      ) as Record<string, string>
      const url = `${new URL(mock.baseUrl).origin}${(request.url ?? '/').replace(/^\/api/, '/v1')}`
      const answer = await fetch(url, { method: request.method, headers, body, redirect: 'manual' })
      response.writeHead(answer.status, Object.fromEntries(answer.headers))
      response.end(Buffer.from(await answer.arrayBuffer()))
    })
  })
  cleanups.push(gateway.close)
  await expectConfigurationFault(
    ['--base-url', `${gateway.url}/api`],
    { PETSTORE_API_KEY: developmentApiKey },
    /^The messages API's base address is the pets API's \(http:\/\/[\d.:]+\/api\): .*without its trailing \/v1\.$/,
    [developmentApiKey],
  )
})

/** An HTTPS server on 127.0.0.1 with a fresh self-signed certificate for `names`; its certificate's PEM file. */
async function httpsTarget(names: ReadonlyArray<string>): Promise<{ url: string; certPath: string }> {
  const certificate = await selfSignedCertificate(names)
  const server = createHttpsServer({ cert: certificate.cert, key: certificate.key }, (_request, response) => {
    response.writeHead(200, { 'content-type': 'application/json' })
    response.end('[]')
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  cleanups.push(
    () =>
      new Promise((resolve) => {
        server.closeAllConnections()
        server.close(resolve)
      }),
    certificate.remove,
  )
  return { url: `https://127.0.0.1:${(server.address() as AddressInfo).port}`, certPath: certificate.certPath }
}

it('says a certificate the run does not trust is the cause, and that NODE_EXTRA_CA_CERTS takes its CA', async () => {
  const { url } = await httpsTarget(['IP:127.0.0.1'])
  await expectConfigurationFault(
    ['--base-url', `${url}/v1`],
    { PETSTORE_API_KEY: wrongKey },
    new RegExp(
      `^The TLS certificate of ${url} is not trusted \\(DEPTH_ZERO_SELF_SIGNED_CERT\\): .*NODE_EXTRA_CA_CERTS`,
    ),
  )
})

it('says a certificate made for another host name is the cause, its CA trusted by NODE_EXTRA_CA_CERTS', async () => {
  const { url, certPath } = await httpsTarget(['DNS:elsewhere.test'])
  await expectConfigurationFault(
    ['--base-url', `${url}/v1`],
    { PETSTORE_API_KEY: wrongKey, NODE_EXTRA_CA_CERTS: certPath },
    new RegExp(
      `^The TLS certificate of ${url} is not made for 127\\.0\\.0\\.1 \\(ERR_TLS_CERT_ALTNAME_INVALID.*--base-url`,
    ),
  )
})

it('puts a fault met after the setup first too: a messages API whose certificate the run does not trust', async () => {
  const mock = await startPetStoreServer()
  cleanups.push(mock.close)
  const { url } = await httpsTarget(['IP:127.0.0.1'])
  const dir = await reportDir()
  const args = ['--base-url', mock.baseUrl, '--messages-base-url', url, '--only', 'sendMessage', '--report-dir', dir]
  const run = await runContractProcess(args, { PETSTORE_API_KEY: developmentApiKey })
  expect(run.code, run.stdout).toBe(2)
  const reason = `The TLS certificate of ${url} is not trusted (DEPTH_ZERO_SELF_SIGNED_CERT): pass the CA`
  expect(run.stdout.split('\n')[0]).toMatch(`Verdict: TARGET COULD NOT BE JUDGED (exit 2): ${reason}`)
  const written = await reportOutputs(run, dir)
  const report = JSON.parse(written['contract-report.json'] ?? '{}')
  expect(report).toMatchObject({ exitCode: 2, configurationFault: true })
  expect(report.targetError).toMatch(reason)
  expect(report.setup.outcome).toBe('passed')
  for (const name of ['junit.xml, read', 'contract-report.html, read']) expect(written[name]).toContain(reason)
})

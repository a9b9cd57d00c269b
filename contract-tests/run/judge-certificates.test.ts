import { readFileSync } from 'node:fs'
import { createServer } from 'node:https'
import type { AddressInfo } from 'node:net'
import { expect, it } from 'vitest'
import { certificateFaults, judgeCertificates } from './judge-certificates.ts'

const fixture = (file: string) => readFileSync(new URL(`../../test/fixtures/tls/${file}`, import.meta.url), 'utf8')
const ca = fixture('ca.pem')

/** Serves https on 127.0.0.1 with a certificate of test/fixtures/tls, for as long as `use` runs. */
async function withServer<T>(name: string, use: (origin: string) => Promise<T>): Promise<T> {
  const server = createServer({ cert: fixture(`${name}.pem`), key: fixture(`${name}.key`) }, (_, response) =>
    response.end('{}'),
  )
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  try {
    return await use(`https://127.0.0.1:${(server.address() as AddressInfo).port}`)
  } finally {
    server.closeAllConnections()
    await new Promise((resolve) => server.close(resolve))
  }
}

const faultsOf = (name: string) =>
  withServer(name, async (origin) => (await certificateFaults(origin, { timeoutMs: 5_000, ca }))?.faults)

it('finds nothing wrong with a certificate of a trusted authority naming the address in subjectAltName', async () => {
  expect(await faultsOf('loopback')).toEqual([])
})

it('refuses a certificate for another host', async () => {
  expect((await faultsOf('other-name'))?.join()).toMatch(/not valid for 127\.0\.0\.1/)
})

it('refuses a certificate that names the host in its common name only (a CN-ID)', async () => {
  expect((await faultsOf('cn-only'))?.join()).toMatch(/common name only/)
})

it('refuses, for an address, a certificate that names only a DNS name (no IP-ID)', async () => {
  expect((await faultsOf('dns-only'))?.join()).toMatch(/not valid for 127\.0\.0\.1/)
})

it('finds a self-signed certificate, which the run refuses itself; judges nothing without TLS', async () => {
  expect((await faultsOf('self-signed'))?.join()).toMatch(/self-signed/)
  // The run's first request to it ends the run as a configuration fault: no finding of its own.
  expect(await withServer('self-signed', (origin) => judgeCertificates([`${origin}/v1`], 5_000))).toEqual([])
  expect(await judgeCertificates(['https://127.0.0.1:1/v1', 'http://127.0.0.1:2/v1'], 2_000)).toEqual([])
})

import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, expect, it } from 'vitest'
import { parseProxyOrigin } from '../../proxy/proxy-origin.ts'
import { startPetStoreProxy } from '../../proxy/start-pet-store-proxy.ts'
import { startServeProcess } from '../support/start-serve-process.ts'
import { conformantVariants } from '../variants/conformant-variants.ts'
import { startVariantOverHttp } from '../variants/variant-over-http.ts'
import { bigCategoryId, sendAppTraffic } from './app-traffic.ts'

const dir = await mkdtemp(join(tmpdir(), 'proxy-recording-'))
afterAll(() => rm(dir, { recursive: true, force: true }))
const conformant = conformantVariants.find((variant) => variant.name === 'large-ids')!
const auth = { authorization: 'Bearer petstore-dev-key' }

/** One proxy session in front of `deployment`, recording into `file`; the app's reads answered by the deployment. */
async function recordSession(deployment: { baseUrl: string; messagesBaseUrl: string }, file: string) {
  const origins = {
    pets: parseProxyOrigin('--proxy', deployment.baseUrl),
    messages: parseProxyOrigin('--messages-proxy', deployment.messagesBaseUrl),
  }
  const proxy = await startPetStoreProxy({ origins, reportDir: join(dir, 'reports'), recordPath: file })
  try {
    return await sendAppTraffic(proxy.baseUrl, proxy.messagesBaseUrl)
  } finally {
    await proxy.close()
  }
}

it('records the pets a deployment answered, int64 exact; the mock serves the same reads from the file', async () => {
  const file = join(dir, 'staging-pets.json')
  const deployment = await startVariantOverHttp(conformant)
  try {
    const answers = await recordSession(deployment, file)
    const text = await readFile(file, 'utf8')
    expect(text).toContain(`"categoryId":${bigCategoryId}`)
    expect(text).not.toContain('petstore-dev-key')
    const created = answers.find(({ request }) => request === 'create')?.json as { id: number }
    const reads = ['/pets?limit=5', '/pets?status=sold&limit=3', `/pets/${created.id}`]
    const served = await startServeProcess(['--port', '0', '--state-file', file])
    try {
      expect(served.url, served.output()).toBeDefined()
      for (const read of reads) {
        const [fromDeployment, fromMock] = await Promise.all(
          [deployment.baseUrl, served.url].map((base) =>
            fetch(`${base}${read}`, { headers: auth }).then(async (response) => [
              response.status,
              await response.text(),
            ]),
          ),
        )
        expect(fromMock, read).toEqual(fromDeployment)
      }
    } finally {
      served.child.kill('SIGTERM')
      await served.exited
    }
    // A second session extends the file: the first one's pets stay, the new one joins them.
    const again = await recordSession(deployment, file)
    const second = again.find(({ request }) => request === 'create')?.json as { id: number }
    const ids = JSON.parse((await readFile(file, 'utf8')).replaceAll(bigCategoryId, '1')).pets.map(
      (pet: { id: number }) => pet.id,
    )
    expect(ids).toContain(created.id)
    expect(ids).toContain(second.id)
    expect(new Set(ids).size).toBe(ids.length)
  } finally {
    await deployment.close()
  }
})

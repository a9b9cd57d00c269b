import { fileURLToPath } from 'node:url'
import { expect, it } from 'vitest'
import { startPrismProxy } from './start-prism-proxy.ts'

it("fails with Prism's last output when Prism cannot start", async () => {
  const missing = fileURLToPath(new URL('./no-such-spec.yaml', import.meta.url))
  const start = startPrismProxy({ document: missing, upstream: 'http://127.0.0.1:9/v1', errors: true })
  await expect(start).rejects.toThrow(
    new RegExp(
      'Failed to start prism proxy .*: expected "Prism is listening on …", ' +
        'got exit code 1 before it listened[\\s\\S]*no-such-spec\\.yaml',
    ),
  )
})

import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, expect, it } from 'vitest'
import { proxyServeHelp } from '../../proxy/proxy-options.ts'
import { scaledMs } from '../../tools/time-scale.ts'
import { docsCodeBlocks } from '../docs/docs-code-blocks.ts'
import { expectEveryBlockRun } from '../docs/expect-every-block-run.ts'
import { freePort } from '../support/ports.ts'
import { runInShell } from '../support/run-in-shell.ts'
import { projectRoot } from '../support/run-script.ts'
import { conformantVariants } from '../variants/conformant-variants.ts'
import { faultyVariants } from '../variants/faulty-variants.ts'
import type { Variant } from '../variants/variant.ts'
import { startVariantOverHttp } from '../variants/variant-over-http.ts'

const page = 'docs/proxy.md'
const blocks = await docsCodeBlocks(page)
const recipe = blocks.find((block) => block.text.startsWith('npx petstore-mock --proxy'))
const dir = await mkdtemp(join(tmpdir(), 'proxy-ci-recipe-'))
afterAll(() => rm(dir, { recursive: true, force: true }))
const tsx = new URL('../../node_modules/tsx/dist/loader.mjs', import.meta.url).href

it('shows only code a test runs', async () => {
  await expectEveryBlockRun(blocks)
})

it('quotes the --help text of the proxy options as the command prints it', () => {
  expect(blocks.at(-1)?.text).toBe(proxyServeHelp)
})

/**
 * The recipe as written, in bash, in a directory of its own: the package's command is this repository's bin, the
 * app's Playwright tests the scripted traffic, port 4010 a free one. Its exit code is the job's.
 */
async function runRecipe(variant: Variant, name: string) {
  const deployment = await startVariantOverHttp(variant)
  const port = String(await freePort())
  const cwd = join(dir, name)
  try {
    const script = (recipe?.text ?? '')
      .replaceAll('npx petstore-mock', `node --import ${tsx} ${join(projectRoot, 'bin/petstore-mock.ts')}`)
      .replaceAll('npx playwright test', `node --import ${tsx} ${join(projectRoot, 'test/proxy/send-app-traffic.ts')}`)
      .replaceAll('4010', port)
    const outcome = await runInShell(
      'bash',
      // The recipe's lines as lines of their own: `&&` would put its first command in a background subshell.
      `mkdir -p ${cwd} && cd ${cwd}\n${script}`,
      { STAGING_URL: deployment.baseUrl, PETSTORE_API_KEY: '' },
      scaledMs(60_000),
    )
    const report = JSON.parse(await readFile(join(cwd, 'reports/proxy/contract-report.json'), 'utf8'))
    return { ...outcome, report, recorded: await readFile(join(cwd, 'staging-pets.json'), 'utf8') }
  } finally {
    await deployment.close()
  }
}

it('gates the job on the report: a conformant staging passes it, a faulty one fails it', async () => {
  expect(recipe).toBeDefined()
  const good = await runRecipe(conformantVariants.find(({ name }) => name === 'large-ids')!, 'good')
  expect(good.code, good.stdout + good.stderr).toBe(0)
  expect(good.report.passed).toBe(true)
  expect(good.recorded).toContain('"name":"Proxy Rex"')
  const bad = await runRecipe(faultyVariants.find(({ name }) => name === 'string-ids-in-list')!, 'bad')
  expect(bad.code, bad.stdout + bad.stderr).toBe(1)
  expect(bad.stdout).toContain('Proxy report: contract violations')
  expect(bad.report.passed).toBe(false)
})

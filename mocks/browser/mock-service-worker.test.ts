import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { expect, it } from 'vitest'

const require = createRequire(import.meta.url)

it('commits the worker script of the installed msw', async () => {
  const installed = await readFile(require.resolve('msw/mockServiceWorker.js'), 'utf8')
  const committed = await readFile(new URL('./public/mockServiceWorker.js', import.meta.url), 'utf8')
  // npm 11 runs no postinstall, so nothing refreshes the copy when msw is upgraded.
  const [want, got] = [packageVersion(installed), packageVersion(committed)]
  expect(
    committed === installed,
    'Failed to match mocks/browser/public/mockServiceWorker.js: ' +
      `expected the worker script of the installed msw ${want}, ` +
      `got ${got === want ? `an edited copy of msw ${got}'s` : `msw ${got}'s`}. ` +
      'Refresh it with "npx msw init mocks/browser/public --no-save" and commit the result.',
  ).toBe(true)
})

function packageVersion(script: string): string {
  return /const PACKAGE_VERSION = '([^']+)'/.exec(script)?.[1] ?? 'unknown'
}

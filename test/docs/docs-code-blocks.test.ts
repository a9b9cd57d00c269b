import { expect, it } from 'vitest'
import { docsCodeBlocks, missingLines } from './docs-code-blocks.ts'
import { expectEveryBlockRun } from './expect-every-block-run.ts'

// The pages of the frontend features: each code block is a file a test runs, or a block a test reads and runs.
const pages = ['docs/playwright.md', 'docs/browser.md', 'docs/admin-page.md', 'docs/openapi-tools.md', 'docs/proxy.md']

it.each(pages)('%s shows only code a test runs', async (page) => {
  await expectEveryBlockRun(await docsCodeBlocks(page))
})

it('finds the lines of a block in order, reading relative imports of the entry points as the package', () => {
  const source = "import { setupPetStoreWorker } from '../../../mocks/browser/index.ts'\nconst a = 1\n  const b = 2\n"
  expect(
    missingLines("import { setupPetStoreWorker } from 'petstore-contract/browser'\n\nconst b = 2", source),
  ).toEqual([])
  expect(missingLines('const b = 2\nconst a = 1', source)).toEqual(['const a = 1'])
  expect(missingLines("import { x } from 'petstore-contract/msw'", source)).toEqual([
    "import { x } from 'petstore-contract/msw'",
  ])
})

import { existsSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { expect } from 'vitest'
import { type DocsCodeBlock, missingLines } from './docs-code-blocks.ts'

/**
 * Asserts that every code block of a page is run by a test: its lines are lines of a file a test runs, in order
 * (`<!-- from: FILE -->`), or a test reads the page and runs it (`<!-- run: TEST -->`).
 * @example await expectEveryBlockRun(await docsCodeBlocks('docs/browser.md'))
 */
export async function expectEveryBlockRun(blocks: ReadonlyArray<DocsCodeBlock>): Promise<void> {
  for (const block of blocks) {
    const where = `${block.page}:${block.line}`
    expect(block.checked, `${where}: a code block without <!-- from: FILE --> or <!-- run: TEST -->`).toBeDefined()
    if (!block.checked) continue
    expect(existsSync(block.checked.file), `${where}: ${block.checked.file} does not exist`).toBe(true)
    const source = await readFile(block.checked.file, 'utf8')
    if (block.checked.kind === 'from')
      expect(missingLines(block.text, source), `${where}: lines not in ${block.checked.file}`).toEqual([])
    else expect(source, `${where}: ${block.checked.file} does not read ${block.page}`).toContain(block.page)
  }
}

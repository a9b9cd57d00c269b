import { readFile } from 'node:fs/promises'

/** A fenced code block of a docs page and the comment before it that says which test runs it. */
export interface DocsCodeBlock {
  page: string
  /** The line of the opening fence, 1-based. */
  line: number
  language: string
  text: string
  /**
   * `from`: every line of the block is a line of `file` (a file a test runs), in order; `run`: `file` is the test
   * that reads the block from the page and runs it; undefined: nothing says.
   */
  checked?: { kind: 'from' | 'run'; file: string }
}

const tag = /^<!-- (from|run): (\S+) -->$/

/**
 * The fenced code blocks of a Markdown page with their `<!-- from: FILE -->` or `<!-- run: TEST -->` tags (the
 * line right before the fence, blank lines aside).
 * @example const blocks = await docsCodeBlocks('docs/playwright.md')
 */
export async function docsCodeBlocks(page: string): Promise<Array<DocsCodeBlock>> {
  const lines = (await readFile(page, 'utf8')).split('\n')
  const blocks: Array<DocsCodeBlock> = []
  let previous = ''
  for (let index = 0; index < lines.length; index++) {
    const opening = /^```(\S*)\s*$/.exec(lines[index] as string)
    if (!opening) {
      if ((lines[index] as string).trim() !== '') previous = (lines[index] as string).trim()
      continue
    }
    const end = lines.indexOf('```', index + 1)
    if (end === -1) throw new Error(`Failed to read ${page}: expected a closing fence for line ${index + 1}, got none.`)
    const match = tag.exec(previous)
    blocks.push({
      page,
      line: index + 1,
      language: opening[1] ?? '',
      text: lines.slice(index + 1, end).join('\n'),
      checked: match ? { kind: match[1] as 'from' | 'run', file: match[2] as string } : undefined,
    })
    index = end
    previous = ''
  }
  return blocks
}

/**
 * The lines of a block that `source` lacks, in order (each after the previous one found), as a user's copy reads
 * them: a relative import of one of the package's entry points (`../../../mocks/browser/index.ts`) counts as the
 * package's own name (`petstore-contract/browser`). Blank lines and indentation do not count.
 * @example missingLines("import { x } from 'petstore-contract/msw'", source) // []
 */
export function missingLines(block: string, source: string): Array<string> {
  const sourceLines = source.split('\n').map((line) => asPackageImport(line).trim())
  const missing: Array<string> = []
  let from = 0
  for (const line of block.split('\n').map((text) => text.trim())) {
    if (line === '') continue
    const found = sourceLines.indexOf(line, from)
    if (found === -1) missing.push(line)
    else from = found + 1
  }
  return missing
}

function asPackageImport(line: string): string {
  return line.replace(/(['"])(?:\.\.\/)+mocks\/(?:(\w+)\/)?index\.ts\1/, (_whole, quote: string, entry?: string) =>
    entry ? `${quote}petstore-contract/${entry}${quote}` : `${quote}petstore-contract${quote}`,
  )
}

import { relative } from 'node:path'

/** A mutant as Stryker's instrumenter and its results describe it (lines and columns counted from 0). */
export interface MutantLike {
  fileName: string
  mutatorName: string
  replacement: string
  location: { start: { line: number; column: number }; end: { line: number; column: number } }
}

/**
 * What names a mutant across runs, whatever Stryker's ids and whatever lines move: its file, the source line it
 * starts on (trimmed; ` #2` and on for the same change made again further along the line), the code it changes, its
 * mutator and its replacement (on one line). A line changed makes its mutants new.
 */
export interface MutantKey {
  /** Relative to the repository, with `/`. */
  file: string
  code: string
  original: string
  mutator: string
  replacement: string
}

/** Longest original and replacement kept in a key: a block is named by its start. */
const excerptLength = 80

const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim()
const excerpt = (text: string) => oneLine(text).slice(0, excerptLength)

/** The text a location spans in a source. */
function spanned(source: string, { start, end }: MutantLike['location']): string {
  const lines = source.split('\n').slice(start.line, end.line + 1)
  if (lines.length === 1) return (lines[0] ?? '').slice(start.column, end.column)
  lines[0] = (lines[0] ?? '').slice(start.column)
  lines[lines.length - 1] = (lines.at(-1) ?? '').slice(0, end.column)
  return lines.join('\n')
}

/**
 * The keys of a set of mutants, in their order, given a reader of each file's source and the folder paths are
 * relative to.
 * @example mutantKeys(mutants, (path) => readFileSync(path, 'utf8'), process.cwd())[0].code
 */
export function mutantKeys(
  mutants: ReadonlyArray<MutantLike>,
  sourceOf: (path: string) => string,
  root: string,
): Array<MutantKey> {
  const keys = mutants.map((mutant) => {
    const source = sourceOf(mutant.fileName)
    return {
      file: relative(root, mutant.fileName).replaceAll('\\', '/'),
      code: oneLine(source.split('\n')[mutant.location.start.line] ?? ''),
      original: excerpt(spanned(source, mutant.location)),
      mutator: mutant.mutatorName,
      replacement: excerpt(mutant.replacement),
    }
  })
  // The same change twice on one line: numbered from the left.
  const order = mutants
    .map((mutant, index) => ({ index, text: keyText(keys[index] as MutantKey), at: mutant.location.start }))
    .sort((a, b) => a.text.localeCompare(b.text) || a.at.line - b.at.line || a.at.column - b.at.column)
  order.forEach(({ index, text }, position) => {
    let occurrence = 1
    while (position - occurrence >= 0 && order[position - occurrence]?.text === text) occurrence++
    if (occurrence > 1) (keys[index] as MutantKey).code += ` #${occurrence}`
  })
  return keys
}

/**
 * One string per key, to compare and count them.
 * @example keyText({ file, code, original, mutator, replacement }) // 'test/corpus/servers/koa/server.ts | ... '
 */
export function keyText(key: MutantKey): string {
  return [key.file, key.code, key.original, key.mutator, key.replacement].join(' | ')
}

import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { keyText, type MutantKey } from './mutant-key.ts'

const listFile = fileURLToPath(new URL('./equivalent-mutants.tsv', import.meta.url))
const unjudgedFile = fileURLToPath(new URL('./unjudged-mutants.tsv', import.meta.url))
const sharedFolder = fileURLToPath(new URL('../../../shared/', import.meta.url))

/** A mutant no client of the interface can observe, and why: an interface sentence or a standard's, quoted. */
export interface EquivalentMutant extends MutantKey {
  reason: string
}

/**
 * The equivalent mutants of the corpus (test/mutation/equivalent-mutants.tsv), in file order; throws naming the line
 * of a row that has not six fields.
 * @example readEquivalentMutants().length
 */
export function readEquivalentMutants(): Array<EquivalentMutant> {
  return readMutantList(listFile)
}

/**
 * The survivors the run could not judge, and why (test/mutation/unjudged-mutants.tsv): it ends in exit 2, the API
 * nowhere at its base address, or the mutant sits in code of a deployment shape the run does not judge (https, a
 * path prefix). A client sees them: not equivalent, not killed, counted against the score (docs/mutation.md).
 * @example readUnjudgedMutants().length
 */
export function readUnjudgedMutants(): Array<EquivalentMutant> {
  return readMutantList(unjudgedFile)
}

function readMutantList(path: string): Array<EquivalentMutant> {
  const name = `test/mutation/${path.split('/').at(-1)}`
  const lines = readFileSync(path, 'utf8').trimEnd().split('\n').slice(1)
  return lines.map((line, index) => {
    const cells = line.split('\t')
    if (cells.length !== 6) throw new Error(`${name}:${index + 2} has ${cells.length} fields, not 6`)
    const [file = '', code = '', original = '', mutator = '', replacement = '', reason = ''] = cells
    return { file, code, original, mutator, replacement, reason }
  })
}

/**
 * The listed mutants by key text, each once.
 * @example equivalentKeys().has(keyText(key))
 */
export function equivalentKeys(list = readEquivalentMutants()): Set<string> {
  return new Set(list.map(keyText))
}

const collapse = (text: string) => text.replace(/\s+/g, ' ').trim()

/** The interface document and the standards' texts, whitespace collapsed: where a reason's quotation must stand. */
function citable(): string {
  const files = ['pet-store-interface.md', 'standards/rfc9110.md', 'standards/rfc9111.md', 'standards/rfc9112.md']
  return files.map((file) => collapse(readFileSync(`${sharedFolder}${file}`, 'utf8'))).join('\n')
}

/**
 * The quotations (text between double quotes) of a reason that are not found word for word in the interface
 * document or the RFCs; a reason with no quotation at all gives `['(no quotation)']`.
 * @example uncitedQuotations('"Rate limits and request size limits: not shown."') // []
 */
export function uncitedQuotations(reason: string, texts = citable()): Array<string> {
  const quotations = [...reason.matchAll(/"([^"]+)"/g)].map((match) => collapse(match[1] ?? ''))
  if (quotations.length === 0) return ['(no quotation)']
  return quotations.filter((quotation) => !texts.includes(quotation))
}

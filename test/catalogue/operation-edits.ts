import { execFileSync } from 'node:child_process'
import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { type Document, parseDocument } from 'yaml'

// How a newcomer's edits are applied to a copy of the project: by structure, never by the text a formatter
// may reflow. The spec through the YAML document; TypeScript after `biome format`, at the head of the
// declaration that gains an entry (a head no formatter splits), then formatted again.

/** One file the newcomer writes or edits, by its path in the project. */
export interface Edit {
  path: string
  apply(text: string | undefined): string
}

const projectRoot = fileURLToPath(new URL('../../', import.meta.url))
const biome = join(projectRoot, 'node_modules/.bin/biome')

/** The TypeScript as the project's formatter writes it. */
function formatted(path: string, text: string): string {
  return execFileSync(biome, ['format', `--stdin-file-path=${path}`], {
    cwd: projectRoot,
    input: text,
    encoding: 'utf8',
  })
}

/**
 * An edit of `spec/openapi.yaml` through the YAML document API: comments and the rest of the file kept.
 * @example specEdit((spec) => spec.setIn(['paths', '/pets/{petId}', 'delete'], spec.createNode(operation)))
 */
export const specEdit = (change: (spec: Document) => void): Edit => ({
  path: 'spec/openapi.yaml',
  apply(text) {
    const spec = parseDocument(text ?? '')
    change(spec)
    // Flow collections as the spec writes them, `[pets]`: only what the edit changes differs.
    return spec.toString({ flowCollectionPadding: false })
  },
})

/** A failure to find where an edit goes: the copy no longer has the declaration it names. */
class EditError extends Error {
  override name = 'EditError'
}

/**
 * An edit of a TypeScript file: each `import` it lacks added first, and each addition put right after the head of the
 * declaration it joins (`const operations: Record<OperationId, Operation> = {`), however the formatter laid
 * the rest out.
 * @example codeEdit('mocks/core/create-pet-store-core.ts', "import { deletePet } from '…'", [[head, ' deletePet,']])
 */
export function codeEdit(
  path: string,
  imports: ReadonlyArray<string>,
  additions: ReadonlyArray<readonly [head: string, addition: string]>,
): Edit {
  return {
    path,
    apply(text) {
      let source = formatted(path, text ?? '')
      for (const [head, addition] of additions) {
        const at = source.indexOf(head)
        if (at < 0 || source.indexOf(head, at + 1) >= 0)
          throw new EditError(
            `Failed to edit ${path} in the copy: expected the declaration ${JSON.stringify(head)} once, found it ` +
              `${at < 0 ? 'nowhere' : 'twice'}. Name a head the file still has.`,
          )
        source = `${source.slice(0, at + head.length)}${addition}${source.slice(at + head.length)}`
      }
      // An import the file has already (a second resource served by the same generic operations) is not repeated.
      const missing = imports.filter((line) => !source.includes(line))
      return formatted(path, `${missing.map((line) => `${line}\n`).join('')}${source}`)
    },
  }
}

/** A new file, written whole. */
export const newFile = (path: string, text: string): Edit => ({ path, apply: () => text })

/**
 * The two tables the compiler names for a new operation (CONTRIBUTING's step 3): the mock's operations and
 * the contract's scenario groups, each given the operation written in `<file>.ts` and `<file>-scenarios.ts`.
 * @example compilerTables('deletePet', 'delete-pet')
 */
export const compilerTables = (operationId: string, file: string): Array<Edit> => [
  codeEdit(
    'mocks/core/create-pet-store-core.ts',
    [`import { ${operationId} } from './operations/${file}.ts'`],
    [['const operations: Record<OperationId, Operation> = {', ` ${operationId},`]],
  ),
  codeEdit(
    'contract-tests/scenarios/registry.ts',
    [`import { ${operationId}Scenarios } from './${file}-scenarios.ts'`],
    [
      [
        'const byOperation: Record<OperationId, ReadonlyArray<ScenarioGroup>> = {',
        `\n  ${operationId}: [{ name: '${operationId}', scenarios: ${operationId}Scenarios }],`,
      ],
    ],
  ),
]

/**
 * Applies an edit to the copy at `root`; returns the path written.
 * @example await applyEdit(copy, deletePetProof.specWithLink)
 */
export async function applyEdit(root: string, edit: Edit): Promise<string> {
  const file = join(root, edit.path)
  const text = await readFile(file, 'utf8').catch(() => undefined)
  await writeFile(file, edit.apply(text))
  return edit.path
}

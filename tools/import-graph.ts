import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative, resolve, sep } from 'node:path'
import ts from 'typescript'

/** One import of a project file by another, both relative to the project root with `/` separators. */
export interface ImportEdge {
  from: string
  to: string
}

/**
 * Every relative import (static, dynamic, `import type`, re-export) of every `.ts` file under `roots`,
 * read with the TypeScript compiler's own pre-processor, never a regular expression.
 * @example importGraph('/repo', ['spec', 'mocks']) // [{ from: 'mocks/core/a.ts', to: 'spec/types.ts' }, …]
 */
export function importGraph(projectRoot: string, roots: ReadonlyArray<string>): Array<ImportEdge> {
  const edges: Array<ImportEdge> = []
  for (const file of roots.flatMap((root) => tsFiles(join(projectRoot, root)))) {
    const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true)
    for (const { fileName } of importedFiles) {
      if (!fileName.startsWith('.')) continue
      edges.push({
        from: toPosix(relative(projectRoot, file)),
        to: toPosix(relative(projectRoot, resolve(dirname(file), fileName))),
      })
    }
  }
  return edges
}

/**
 * The folder a file belongs to for the layout rules: its top-level folder and the one below it
 * (`contract-tests/checks`, `mocks/core`); a file at the top of a folder belongs to that folder.
 * @example folderOf('mocks/core/operations/get-pet.ts') // 'mocks/core'
 */
export function folderOf(file: string): string {
  const parts = file.split('/').slice(0, -1)
  return parts.slice(0, 2).join('/')
}

/**
 * The folder-level cycles of an import graph: each strongly connected group of two or more folders,
 * sorted, with one file import that closes each edge of it, for the failure message.
 * @example folderCycles([{ from: 'a/x/1.ts', to: 'a/y/2.ts' }, { from: 'a/y/2.ts', to: 'a/x/1.ts' }]) // [['a/x',
 *   'a/y']]
 */
export function folderCycles(edges: ReadonlyArray<ImportEdge>): Array<Array<string>> {
  const next = new Map<string, Set<string>>()
  for (const { from, to } of edges) {
    const [a, b] = [folderOf(from), folderOf(to)]
    if (a === b) continue
    if (!next.has(a)) next.set(a, new Set())
    if (!next.has(b)) next.set(b, new Set())
    next.get(a)?.add(b)
  }
  // Tarjan's strongly connected components.
  const index = new Map<string, number>()
  const low = new Map<string, number>()
  const stack: Array<string> = []
  const onStack = new Set<string>()
  const groups: Array<Array<string>> = []
  const visit = (node: string): void => {
    index.set(node, index.size)
    low.set(node, index.get(node) as number)
    stack.push(node)
    onStack.add(node)
    for (const target of next.get(node) ?? []) {
      if (!index.has(target)) {
        visit(target)
        low.set(node, Math.min(low.get(node) as number, low.get(target) as number))
      } else if (onStack.has(target)) low.set(node, Math.min(low.get(node) as number, index.get(target) as number))
    }
    if (low.get(node) !== index.get(node)) return
    const group: Array<string> = []
    let member: string | undefined
    do {
      member = stack.pop() as string
      onStack.delete(member)
      group.push(member)
    } while (member !== node)
    if (group.length > 1) groups.push(group.sort())
  }
  for (const node of next.keys()) if (!index.has(node)) visit(node)
  return groups
}

/**
 * The imports that cross a wall: each edge whose source's top-level folder lists its target's top-level folder in
 * `walls` (folder: the top-level folders it must not import), as `from -> to` lines for the failure message.
 * @example forbiddenImports([{ from: 'mocks/a.ts', to: 'contract-tests/b.ts' }], { mocks: ['contract-tests'] })
 *   // ['mocks/a.ts -> contract-tests/b.ts']
 */
export function forbiddenImports(
  edges: ReadonlyArray<ImportEdge>,
  walls: Readonly<Record<string, ReadonlyArray<string>>>,
): Array<string> {
  const top = (file: string): string => file.split('/')[0] as string
  return edges.filter(({ from, to }) => walls[top(from)]?.includes(top(to))).map(({ from, to }) => `${from} -> ${to}`)
}

function tsFiles(directory: string): Array<string> {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const path = join(directory, entry.name)
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : tsFiles(path)
    return entry.name.endsWith('.ts') ? [path] : []
  })
}

function toPosix(path: string): string {
  return path.split(sep).join('/')
}

import { readFileSync } from 'node:fs'
import { join, relative, sep } from 'node:path'
import ts from 'typescript'

/** An export that no other file uses: `inFile` when its own file still uses it (then it need only not be exported). */
export interface UnusedExport {
  file: string
  name: string
  inFile: boolean
}

/**
 * The source files behind a package's `exports` (`./dist/mocks/index.js` is `mocks/index.ts`), relative to the
 * project root: the public API, whose every export counts as used.
 * @example packageEntryPoints('/repo') // ['mocks/index.ts', 'mocks/msw/index.ts', …]
 */
export function packageEntryPoints(projectRoot: string): Array<string> {
  const { exports } = JSON.parse(readFileSync(join(projectRoot, 'package.json'), 'utf8')) as {
    exports?: Record<string, string | Record<string, string>>
  }
  const targets = Object.values(exports ?? {}).flatMap((target) =>
    typeof target === 'string' ? [target] : Object.values(target),
  )
  return [
    ...new Set(
      targets
        .filter((target) => target.startsWith('./dist/') && target.endsWith('.js'))
        .map((target) => target.slice('./dist/'.length, -'.js'.length).concat('.ts')),
    ),
  ]
}

/**
 * Every export of the files under `roots` that no other file of the project (`tsconfig.json`'s files: product,
 * tests, scripts) uses, read with the TypeScript checker: an import, a re-export that is itself used, a dynamic
 * import's destructured name, a namespace's member all count. Every export of an `entries` file is used (the
 * package's public API); generated files (under a `generated/` folder) are left out. Sorted by file, then name.
 * @example unusedExports('/repo', ['spec', 'mocks'], packageEntryPoints('/repo')) // [{ file: 'mocks/a.ts', … }]
 */
export function unusedExports(
  projectRoot: string,
  roots: ReadonlyArray<string>,
  entries: ReadonlyArray<string> = [],
): Array<UnusedExport> {
  const config = ts.getParsedCommandLineOfConfigFile(join(projectRoot, 'tsconfig.json'), {}, parseHost)
  if (!config) throw new Error(`Failed to read ${join(projectRoot, 'tsconfig.json')}: expected a tsconfig, got none.`)
  const program = ts.createProgram({ rootNames: config.fileNames, options: { ...config.options, noEmit: true } })
  const checker = program.getTypeChecker()
  const projectFiles = program.getSourceFiles().filter((file) => !file.fileName.includes('/node_modules/'))
  const nameOf = (file: ts.SourceFile): string => relative(projectRoot, file.fileName).split(sep).join('/')

  // The files each symbol is used from, following every alias (an import, a re-export) to where it is declared.
  const usedFrom = new Map<ts.Symbol, Set<string>>()
  const use = (symbol: ts.Symbol | undefined, file: string): void => {
    for (let current = symbol; current; ) {
      const files = usedFrom.get(current) ?? new Set<string>()
      usedFrom.set(current, files)
      if (files.has(file)) return
      files.add(file)
      current = current.flags & ts.SymbolFlags.Alias ? checker.getImmediateAliasedSymbol(current) : undefined
    }
  }
  for (const source of projectFiles) {
    const file = nameOf(source)
    const visit = (node: ts.Node): void => {
      if (ts.isIdentifier(node) && !isOwnName(node) && !isReExport(node)) {
        use(checker.getSymbolAtLocation(node), file)
        // `const { name } = await import('./x.ts')`: the name is a property of the module's namespace.
        const element = node.parent
        if (ts.isBindingElement(element) && (element.propertyName ?? element.name) === node) {
          const declaration = element.parent.parent
          if (ts.isVariableDeclaration(declaration) && declaration.initializer) {
            const property = checker.getTypeAtLocation(declaration.initializer).getProperty(node.text)
            // The namespace's property is a copy of the export: its declaration names the export itself.
            for (const declared of property?.declarations ?? []) {
              const name = ts.getNameOfDeclaration(declared)
              if (name) use(checker.getSymbolAtLocation(name), file)
            }
          }
        }
      }
      ts.forEachChild(node, visit)
    }
    visit(source)
  }
  for (const entry of entries) {
    const moduleSymbol = moduleOf(program, checker, join(projectRoot, entry))
    if (!moduleSymbol) throw new Error(`Failed to read the entry point ${entry}: expected a module, got none.`)
    for (const exported of checker.getExportsOfModule(moduleSymbol)) use(exported, publicApi)
  }

  const unused: Array<UnusedExport> = []
  const inRoots = (file: string) => roots.some((root) => file.startsWith(`${root}/`))
  for (const source of projectFiles) {
    const file = nameOf(source)
    if (!inRoots(file) || entries.includes(file) || !/\.ts$/.test(file) || /\.(test|d)\.ts$/.test(file)) continue
    if (file.split('/').includes('generated')) continue
    const moduleSymbol = checker.getSymbolAtLocation(source)
    for (const exported of moduleSymbol ? checker.getExportsOfModule(moduleSymbol) : []) {
      const files = usedFrom.get(exported) ?? new Set()
      if ([...files].some((user) => user !== file)) continue
      unused.push({ file, name: exported.name, inFile: files.has(file) })
    }
  }
  return unused.sort((a, b) => a.file.localeCompare(b.file) || a.name.localeCompare(b.name))
}

/** Where an entry point's exports are used from: whoever installs the package. */
const publicApi = 'package.json exports'

const parseHost: ts.ParseConfigFileHost = {
  ...ts.sys,
  onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
    throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'))
  },
}

function moduleOf(program: ts.Program, checker: ts.TypeChecker, path: string): ts.Symbol | undefined {
  const source = program.getSourceFile(path)
  return source && checker.getSymbolAtLocation(source)
}

/** The name a declaration gives (`x` in `function x`), which uses nothing. */
function isOwnName(node: ts.Identifier): boolean {
  const parent = node.parent
  return (ts.isDeclarationStatement(parent) || ts.isVariableDeclaration(parent)) && parent.name === node
}

/** `export { x } from './y.ts'` and `export { x }`: a re-export is a use only when its own export is used. */
function isReExport(node: ts.Identifier): boolean {
  return ts.isExportSpecifier(node.parent)
}

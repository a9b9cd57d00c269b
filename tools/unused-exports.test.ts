import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { packageEntryPoints, type UnusedExport, unusedExports } from './unused-exports.ts'

// A small project with one case per way an export is used, or is not.
const files: Record<string, string> = {
  'package.json': JSON.stringify({
    exports: { '.': { types: './dist/lib/index.d.ts', default: './dist/lib/index.js' }, './spec.yaml': './spec.yaml' },
  }),
  'tsconfig.json': JSON.stringify({
    compilerOptions: {
      module: 'NodeNext',
      moduleResolution: 'NodeNext',
      target: 'ES2022',
      lib: ['ES2022'],
      types: [],
      strict: true,
      noEmit: true,
      allowImportingTsExtensions: true,
    },
    include: ['lib', 'app'],
  }),
  'lib/index.ts': "export { publicThing } from './public-thing.ts'\n",
  'lib/public-thing.ts': 'export const publicThing = 1\n',
  'lib/shapes.ts': [
    'export interface Options { size: number }',
    'export function imported(options: Options): number { return options.size + ownHelper() }',
    'export function ownHelper(): number { return 1 }',
    'export const nowhere = 2',
    'export const byNamespace = 3',
    'export const byDynamicImport = 4',
    'export const byTestOnly = 5',
    '',
  ].join('\n'),
  'lib/barrel.ts': "export { nowhere } from './shapes.ts'\n",
  'lib/generated/types.ts': 'export type Generated = string\n',
  'app/main.ts': [
    "import { imported } from '../lib/shapes.ts'",
    "import * as shapes from '../lib/shapes.ts'",
    'export const result = imported({ size: 1 }) + shapes.byNamespace',
    "const { byDynamicImport } = await import('../lib/shapes.ts')",
    'console.log(result, byDynamicImport)',
    '',
  ].join('\n'),
  'app/main.test.ts': "import { byTestOnly } from '../lib/shapes.ts'\nexport const seen = byTestOnly\n",
}

let root: string
let found: Array<UnusedExport>

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'unused-exports-'))
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true })
    writeFileSync(join(root, path), text)
  }
  found = unusedExports(root, ['lib'], packageEntryPoints(root))
})

afterAll(() => rmSync(root, { recursive: true, force: true }))

it('maps the package exports to the source files behind them', () => {
  expect(packageEntryPoints(root)).toEqual(['lib/index.ts'])
})

it('reports an export used nowhere, and a re-export of it that nothing imports', () => {
  expect(found).toContainEqual({ file: 'lib/shapes.ts', name: 'nowhere', inFile: false })
  expect(found).toContainEqual({ file: 'lib/barrel.ts', name: 'nowhere', inFile: false })
})

it('reports an export only its own file uses, as one that need not be exported', () => {
  expect(found).toContainEqual({ file: 'lib/shapes.ts', name: 'ownHelper', inFile: true })
})

it('reports a type only its own signatures name: a caller that never names it does not import it', () => {
  expect(found).toContainEqual({ file: 'lib/shapes.ts', name: 'Options', inFile: true })
})

it('counts an import, a namespace member, a name taken from a dynamic import and a test as uses', () => {
  expect(found).toEqual([
    { file: 'lib/barrel.ts', name: 'nowhere', inFile: false },
    { file: 'lib/shapes.ts', name: 'nowhere', inFile: false },
    { file: 'lib/shapes.ts', name: 'Options', inFile: true },
    { file: 'lib/shapes.ts', name: 'ownHelper', inFile: true },
  ])
})

it('counts what an entry point exports as used and leaves generated files out', () => {
  const names = found.map(({ name }) => name)
  expect(names).not.toContain('publicThing')
  expect(names).not.toContain('Generated')
})

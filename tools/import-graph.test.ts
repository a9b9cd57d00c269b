import { readdirSync } from 'node:fs'
import { join, sep } from 'node:path'
import { fileURLToPath } from 'node:url'
import { expect, it } from 'vitest'
import { folderCycles, folderOf, forbiddenImports, type ImportEdge, importGraph } from './import-graph.ts'

const projectRoot = fileURLToPath(new URL('../', import.meta.url))
const product = ['spec', 'shared', 'mocks', 'contract-tests', 'proxy', 'cli']
const tooling = ['test', 'bench', 'tools', 'scripts']
const allEdges = importGraph(projectRoot, product)
// Tests beside the code may reach across folders for fixtures; the layout rules are about the product.
const productEdges = allEdges.filter(({ from }) => !from.endsWith('.test.ts'))

function describeCycle(folders: ReadonlyArray<string>, edges: ReadonlyArray<ImportEdge>): string {
  const inCycle = edges.filter(
    ({ from, to }) =>
      folderOf(from) !== folderOf(to) && folders.includes(folderOf(from)) && folders.includes(folderOf(to)),
  )
  return `${folders.join(' <-> ')}:\n${inCycle.map(({ from, to }) => `  ${from} -> ${to}`).join('\n')}`
}

it('has no folder-level import cycle in spec/, mocks/ or contract-tests/', () => {
  const cycles = folderCycles(productEdges).map((folders) => describeCycle(folders, productEdges))
  expect(
    cycles,
    `Shared types belong in a folder both sides import (contract-tests/shared/).\n${cycles.join('\n')}`,
  ).toEqual([])
})

// The layers of the mock, lowest first: each folder of spec/ and mocks/ with the folders it may import besides
// itself. Adapters (msw/, node/) translate I/O over the core; the command line sits on top and is the one place
// that joins the server, the state file, the snapshot client and the process's lifecycle. A folder not listed
// here has no place yet: the test fails until it has one (and biome.json's noRestrictedImports guards it alike).
const layers: Readonly<Record<string, ReadonlyArray<string>>> = {
  'spec/generated': [],
  'spec/json': [],
  spec: ['spec/generated', 'spec/json'],
  shared: [],
  'mocks/lifecycle': [],
  'mocks/model': ['spec', 'spec/json', 'fixtures'],
  'mocks/core': ['mocks/model', 'shared', 'spec', 'spec/json'],
  'mocks/msw': ['mocks/core', 'mocks/model', 'spec', 'spec/json'],
  'mocks/node': ['mocks/core', 'mocks/model', 'spec', 'spec/json'],
  'mocks/persistence': ['mocks/core', 'mocks/model', 'spec', 'spec/json'],
  'mocks/snapshot': ['mocks/model', 'spec', 'spec/json'],
  mocks: ['mocks/core', 'mocks/model', 'mocks/msw', 'shared', 'spec', 'spec/json'],
  'mocks/browser': ['mocks', 'mocks/core', 'mocks/model', 'mocks/msw', 'spec', 'spec/json'],
  'mocks/playwright': ['mocks', 'mocks/core', 'mocks/model', 'mocks/msw', 'spec', 'spec/json'],
  'mocks/cli': [
    'mocks/core',
    'mocks/lifecycle',
    'mocks/model',
    'mocks/node',
    'mocks/persistence',
    'mocks/snapshot',
    'shared',
    'spec',
    'spec/json',
  ],
  // The proxy forwards like the mock's server and judges like the suite, with its checks, reader and report writers:
  // it stands above both wings, and only the command lines (cli/) import it.
  proxy: [
    'mocks/core',
    'mocks/lifecycle',
    'mocks/model',
    'mocks/node',
    'mocks/persistence',
    'shared',
    'spec',
    'spec/json',
    'contract-tests/checks',
    'contract-tests/client',
    'contract-tests/reports',
    'contract-tests/shared',
  ],
}

it('gives every folder of spec/, shared/, mocks/ and proxy/ its place in the layers', () => {
  const files = ['spec', 'shared', 'mocks', 'proxy'].flatMap((root) =>
    readdirSync(join(projectRoot, root), { recursive: true, encoding: 'utf8' })
      .filter((name) => name.endsWith('.ts'))
      .map((name) => `${root}/${name.split(sep).join('/')}`),
  )
  const folders = new Set(files.map(folderOf))
  const unplaced = [...folders].filter((folder) => !(folder in layers)).sort()
  expect(unplaced, 'Add each to `layers` in tools/import-graph.test.ts and to biome.json.').toEqual([])
})

it('imports only downward in spec/ and mocks/: adapters never the command line, the core never an adapter', () => {
  const upward = productEdges
    .filter(({ from, to }) => {
      const [source, target] = [folderOf(from), folderOf(to)]
      return !isSuite(source) && source !== 'cli' && source !== target && !(layers[source] ?? []).includes(target)
    })
    .map(({ from, to }) => `${from} -> ${to} (${folderOf(from)} may import ${layers[folderOf(from)]?.join(', ')})`)
  expect(upward, 'Move what both need down to a folder both may import.').toEqual([])
})

it('never imports test/, bench/, tools/ or scripts/ from product code', () => {
  const leaks = productEdges
    .filter(({ to }) => tooling.includes(to.split('/')[0] as string))
    .map(({ from, to }) => `${from} -> ${to}`)
  expect(leaks).toEqual([])
})

// Two wings and one floor below them (decision record 042): the mock (mocks/) and the suite (contract-tests/) import
// neither each other nor what stands above them, the proxy (proxy/) and the command lines that join both (cli/);
// shared/ imports none of these. Tests beside the code are held to it too: a test that needs both lives in test/.
const walls: Readonly<Record<string, ReadonlyArray<string>>> = {
  shared: ['mocks', 'contract-tests', 'proxy', 'cli'],
  mocks: ['contract-tests', 'proxy', 'cli'],
  'contract-tests': ['mocks', 'proxy', 'cli'],
  proxy: ['cli'],
}

it('never imports between mocks/ and contract-tests/, nor from shared/ into either, tests beside code included', () => {
  expect(forbiddenImports(allEdges, walls), 'Move what both need down to shared/, what joins both up to cli/.').toEqual(
    [],
  )
})

it('finds an import across the wall in either direction and from the floor, and none going down', () => {
  const edges = [
    { from: 'mocks/cli/a.ts', to: 'contract-tests/cli/b.ts' },
    { from: 'contract-tests/client/c.test.ts', to: 'mocks/create-pet-store-mock.ts' },
    { from: 'shared/run-cli.ts', to: 'mocks/cli/listen-error.ts' },
    { from: 'proxy/judge-answer.ts', to: 'contract-tests/checks/apply-response-checks.ts' },
    { from: 'contract-tests/client/read-response.ts', to: 'shared/read-capped-stream.ts' },
  ]
  expect(forbiddenImports(edges, walls)).toEqual([
    'mocks/cli/a.ts -> contract-tests/cli/b.ts',
    'contract-tests/client/c.test.ts -> mocks/create-pet-store-mock.ts',
    'shared/run-cli.ts -> mocks/cli/listen-error.ts',
  ])
})

it('reads every kind of import the product uses (static, type-only, dynamic)', () => {
  const edges = importGraph(projectRoot, ['cli'])
  const targets = edges.filter(({ from }) => from === 'cli/mock-targets.ts').map(({ to }) => to)
  expect(targets).toContain('contract-tests/cli/mock-targets.ts')
  expect(targets).toContain('mocks/node/start-pet-store-server.ts')
})

function isSuite(folder: string): boolean {
  return folder === 'contract-tests' || folder.startsWith('contract-tests/')
}

it('finds a cycle between two folders and none in a chain', () => {
  const cycle = [
    { from: 'app/client/call.ts', to: 'app/checks/check.ts' },
    { from: 'app/checks/check.ts', to: 'app/client/exchange.ts' },
  ]
  expect(folderCycles(cycle)).toEqual([['app/checks', 'app/client']])
  expect(folderCycles([cycle[0] as ImportEdge, { from: 'app/checks/check.ts', to: 'app/model/exchange.ts' }])).toEqual(
    [],
  )
})

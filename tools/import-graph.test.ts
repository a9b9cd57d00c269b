import { fileURLToPath } from 'node:url'
import { expect, it } from 'vitest'
import { folderCycles, folderOf, type ImportEdge, importGraph } from './import-graph.ts'

const projectRoot = fileURLToPath(new URL('../', import.meta.url))
const product = ['spec', 'mocks', 'contract-tests']
const tooling = ['test', 'bench', 'tools', 'scripts']
// Tests beside the code may reach across folders for fixtures; the layout rules are about the product.
const productEdges = importGraph(projectRoot, product).filter(({ from }) => !from.endsWith('.test.ts'))

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
    `Shared types belong in a folder both sides import (contract-tests/model/).\n${cycles.join('\n')}`,
  ).toEqual([])
})

it('never imports test/, bench/, tools/ or scripts/ from product code', () => {
  const leaks = productEdges
    .filter(({ to }) => tooling.includes(to.split('/')[0] as string))
    .map(({ from, to }) => `${from} -> ${to}`)
  expect(leaks).toEqual([])
})

it('reads every kind of import the product uses (static, type-only, dynamic)', () => {
  const edges = importGraph(projectRoot, ['contract-tests/cli'])
  const targets = edges.filter(({ from }) => from === 'contract-tests/cli/run-contract-cli.ts').map(({ to }) => to)
  expect(targets).toContain('contract-tests/reports/redact.ts')
  expect(targets).toContain('mocks/node/start-pet-store-server.ts')
})

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

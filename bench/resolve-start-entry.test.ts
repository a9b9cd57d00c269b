import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, expect, it } from 'vitest'
import { resolveStartEntry } from './resolve-start-entry.ts'

const roots: Array<string> = []
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true })
})

function projectWithStart(start: string): string {
  const root = mkdtempSync(join(tmpdir(), 'start-entry-'))
  roots.push(root)
  writeFileSync(join(root, 'package.json'), JSON.stringify({ scripts: { start } }))
  return root
}

it('gives node the flags npm start gives it, then the file', () => {
  const root = projectWithStart('exec node --no-memory-reducer --max-semi-space-size=32 scripts/start.mjs')
  expect(resolveStartEntry(root)).toEqual(['--no-memory-reducer', '--max-semi-space-size=32', 'scripts/start.mjs'])
})

it('gives the file alone when npm start passes no flag', () => {
  expect(resolveStartEntry(projectWithStart('node dist/serve.mjs'))).toEqual(['dist/serve.mjs'])
})

it('refuses a start script that runs no node file, saying what it found', () => {
  expect(() => resolveStartEntry(projectWithStart('vite'))).toThrow(/expected "node \[flags\] <file>\.js".*got "vite"/)
})

it('starts this mock with the memory reducer off, as decision record 021 explains', () => {
  expect(resolveStartEntry(join(import.meta.dirname, '..'))).toEqual(['--no-memory-reducer', 'scripts/start.mjs'])
})

it('starts the petstore-mock bin with the flags npm start gives node', () => {
  const root = join(import.meta.dirname, '..')
  const shebang = readFileSync(join(root, 'bin', 'petstore-mock.ts'), 'utf8').split('\n', 1)[0]
  expect(shebang).toBe(`#!/usr/bin/env -S node ${resolveStartEntry(root).slice(0, -1).join(' ')}`)
})

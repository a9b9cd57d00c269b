import { readFileSync } from 'node:fs'
import { join } from 'node:path'

/**
 * The arguments `npm start` gives node (`node [flags] <file>` in its script): its flags, then the file it runs, so
 * the bench starts the mock the way a user does, with the same V8 settings, even when the build changes.
 * @example resolveStartEntry('/work/main') // ['--no-memory-reducer', 'scripts/start.mjs']
 */
export function resolveStartEntry(root: string): Array<string> {
  const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { scripts?: Record<string, string> }
  const start = manifest.scripts?.start ?? ''
  const match = /\bnode((?:\s+--?[\w-]+(?:=\S+)?)*)\s+(\S+\.[cm]?js)\b/.exec(start)
  if (match === null)
    throw new Error(
      `Failed to find what npm start runs: expected "node [flags] <file>.js" in its script, got "${start}".`,
    )
  const flags = (match[1] ?? '').trim()
  return [...(flags === '' ? [] : flags.split(/\s+/)), match[2] as string]
}

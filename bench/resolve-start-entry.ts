import { readFileSync } from 'node:fs'
import { join } from 'node:path'

/**
 * The file `npm start` runs (`node <file>` in its script), so the bench measures the mock
 * the way a user starts it even when the build changes.
 * @example resolveStartEntry('/work/main') // 'scripts/start.mjs'
 */
export function resolveStartEntry(root: string): string {
  const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { scripts?: Record<string, string> }
  const start = manifest.scripts?.start ?? ''
  const entry = /\bnode\s+(\S+\.[cm]?js)\b/.exec(start)?.[1]
  if (entry === undefined)
    throw new Error(`Failed to find what npm start runs: expected "node <file>.js" in its script, got "${start}".`)
  return entry
}

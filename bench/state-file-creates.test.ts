import { expect, it } from 'vitest'
import { scaledMs } from '../tools/time-scale.ts'
import { ensureBuild } from './ensure-build.ts'
import { measureStateFileCreates } from './measure-state-file-creates.ts'

// A smoke run: it proves the measurement works and every acknowledged pet reached the disk; no timing is judged.
it(
  'measures creates per second with --state-file, every acknowledged pet on disk',
  async () => {
    ensureBuild(process.cwd(), 'dist/serve.mjs')
    const result = await measureStateFileCreates({ root: process.cwd(), creates: 100, rounds: 1 })
    expect(result.allOnDisk).toBe(true)
    expect(result.withStateFile).toBeGreaterThan(0)
    expect(result.inMemory).toBeGreaterThan(0)
  },
  scaledMs(120_000),
)

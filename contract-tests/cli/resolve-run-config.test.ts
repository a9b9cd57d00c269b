import { expect, it } from 'vitest'
import { resolveRunConfig } from './resolve-run-config.ts'

it('waits a second before a read is repeated, or as long as --pause-s says for a nightly run', () => {
  expect(resolveRunConfig({}, {}).explore.pauseMs).toBe(1000)
  expect(resolveRunConfig({ 'pause-s': '60' }, {}).explore.pauseMs).toBe(60_000)
  expect(() => resolveRunConfig({ 'pause-s': '0' }, {})).toThrow('--pause-s expects a whole number from 1 to 3600')
})

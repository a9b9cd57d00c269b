import { expect, it } from 'vitest'
import type { TestModule } from 'vitest/node'
import { slowestFiles } from './slowest-files-reporter.ts'

const module = (file: string, collectDuration: number, duration: number, state = 'passed') =>
  ({
    relativeModuleId: file,
    state: () => state,
    diagnostic: () => ({ collectDuration, duration }),
  }) as unknown as TestModule

it('lists the slowest files first, counting their import with their tests', () => {
  const modules = [module('a.test.ts', 10, 100), module('b.test.ts', 500, 20), module('c.test.ts', 1, 5, 'failed')]
  expect(slowestFiles(modules, 2)).toEqual([
    { file: 'b.test.ts', ms: 520, state: 'passed' },
    { file: 'a.test.ts', ms: 110, state: 'passed' },
  ])
})

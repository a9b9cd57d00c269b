import { expect, it } from 'vitest'
import { type IncrementalReport, keepOtherVerdicts } from './keep-other-verdicts.ts'

it("keeps the verdicts of the servers a run left alone, naming the tests under the new report's ids", () => {
  const before: IncrementalReport = {
    files: {
      'express/server.ts': { mutants: [{ id: '1', status: 'Killed', killedBy: ['0'], coveredBy: ['0', '1'] }] },
      'koa/server.ts': { mutants: [{ id: '2', status: 'Survived' }] },
    },
    testFiles: {
      '': {
        tests: [
          { id: '0', name: 'express' },
          { id: '1', name: 'express judged by the suite aaa' },
        ],
      },
    },
  }
  const after: IncrementalReport = {
    files: { 'koa/server.ts': { mutants: [{ id: '2', status: 'Killed', killedBy: ['0'] }] } },
    testFiles: {
      '': {
        tests: [
          { id: '0', name: 'koa' },
          { id: '1', name: 'express' },
        ],
      },
    },
  }
  const merged = keepOtherVerdicts(before, after)
  expect(merged.files['koa/server.ts']).toEqual(after.files['koa/server.ts'])
  expect(merged.files['express/server.ts']?.mutants).toEqual([
    { id: '1', status: 'Killed', killedBy: ['1'], coveredBy: ['1', '2'] },
  ])
  expect(merged.testFiles?.['']?.tests).toEqual([
    { id: '0', name: 'koa' },
    { id: '1', name: 'express' },
    { id: '2', name: 'express judged by the suite aaa' },
  ])
})

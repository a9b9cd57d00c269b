import { expect, it } from 'vitest'
import { forgetStaleSurvivors } from './forget-stale-survivors.ts'
import type { IncrementalReport } from './keep-other-verdicts.ts'

it('forgets the survivors and timeouts of the stale servers only, keeping their kills and other servers whole', () => {
  const report: IncrementalReport = {
    files: {
      'koa/server.ts': {
        mutants: [
          { id: '1', status: 'Killed' },
          { id: '2', status: 'Survived' },
          { id: '3', status: 'Timeout' },
          { id: '4', status: 'RuntimeError' },
        ],
      },
      'hono/server.ts': { mutants: [{ id: '5', status: 'Survived' }] },
    },
  }
  const forgotten = forgetStaleSurvivors(report, (path) => path.startsWith('koa/'))
  expect(forgotten.files['koa/server.ts']?.mutants.map((mutant) => mutant.id)).toEqual(['1', '4'])
  expect(forgotten.files['hono/server.ts']).toEqual(report.files['hono/server.ts'])
})

import { expect, it } from 'vitest'
import { interfaceSays } from '../../contract-tests/model/citations.ts'
import type { CheckResult } from '../../contract-tests/model/exchange.ts'
import type { RunResult } from '../../contract-tests/model/run-result.ts'
import { failuresOf } from '../../contract-tests/model/scenario-result.ts'
import { consoleSummary } from '../../contract-tests/reports/console-summary.ts'
import { useTestSeed } from '../support/test-seed.ts'
import { conformantVariants } from './conformant-variants.ts'
import { faultyVariants } from './faulty-variants.ts'
import { judgeVariant, rewrite, type Variant } from './variant.ts'

const seed = useTestSeed()

const runAgainst = (variant: Variant, only: Array<string>) => judgeVariant(variant, { only, explore: { seed } })

const failuresNamed = (result: RunResult, check: string): Array<CheckResult> =>
  [result.setup, ...result.scenarios]
    .flatMap((scenario) => failuresOf(scenario))
    .map(({ result: failure }) => failure)
    .filter((failure) => failure.check === check || failure.message.includes(`[${check}]`))

it('cites the limit sentence for a status filter applied after the limit: too few pets is a limit defect', async () => {
  const variant = faultyVariants.find((candidate) => candidate.name === 'filter-after-limit') as Variant
  const failures = failuresNamed(await runAgainst(variant, ['status_filter']), 'status_filter_before_limit')
  expect(failures.length).toBeGreaterThan(0)
  for (const failure of failures) expect(failure.basis).toEqual(interfaceSays.limit)
})

it('cites the limit sentence when a list given limit twice holds more pets than either allows', async () => {
  // Reads a repeated limit as the sum of its values: limit=3&limit=4 lists 7 pets.
  const summing = rewrite({
    name: 'summed-limits',
    description: 'a limit given twice is read as the sum of its values',
    request: (request) => {
      const limits = request.url.searchParams.getAll('limit')
      if (limits.length < 2 || !limits.every((text) => /^\d+$/.test(text))) return request
      const url = new URL(request.url)
      url.searchParams.set(
        'limit',
        String(
          Math.min(
            100,
            limits.reduce((sum, text) => sum + Number(text), 0),
          ),
        ),
      )
      return { ...request, url }
    },
  })
  const failures = failuresNamed(await runAgainst(summing, ['generated_request_forms']), 'generated_request_forms')
  expect(failures.map((failure) => failure.message).join('\n')).toMatch(/pets returned, more than \d+/)
  for (const failure of failures) expect(failure.basis).toEqual(interfaceSays.limit)
})

it('prints a deviation seen on many responses once, with how often it was seen', async () => {
  // Every getPet answer lacks the deprecation headers the spec chooses to send: one deviation, many responses.
  const bare = conformantVariants.find((variant) => variant.name === 'no-deprecation-headers') as Variant
  const result = await runAgainst(bare, ['getPet'])
  expect(result.findings).toEqual({ violations: 0, deviations: 1 })
  const summary = consoleSummary(result)
  const lines = summary.split('\n').filter((line) => line.includes('[deprecation_headers]'))
  expect(lines).toHaveLength(1)
  expect(lines[0]).toMatch(/\(seen \d+ times\)$/)
  expect(summary).toContain('Deviations (1, warnings')
})

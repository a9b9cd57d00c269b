import { expect, it } from 'vitest'
import { consoleSummary } from '../../contract-tests/reports/console-summary.ts'
import { interfaceSays } from '../../contract-tests/shared/citations.ts'
import type { CheckResult } from '../../contract-tests/shared/exchange.ts'
import type { RunResult } from '../../contract-tests/shared/run-result.ts'
import { failuresOf } from '../../contract-tests/shared/scenario-result.ts'
import { useTestSeed } from '../support/test-seed.ts'
import { conformantVariants } from './conformant-variants.ts'
import { faultyVariants } from './faulty-variants.ts'
import { judgeVariant, type Variant } from './variant.ts'

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

it('cites the limit sentence when a list given limit twice holds more pets than the maximum', async () => {
  // Answers each value of a repeated limit as a page of its own and sends them together: limit=60&limit=70 lists
  // 130 pets, beyond the maximum a malformed limit may still be forgiven with.
  const concatenating: Variant = {
    name: 'concatenated-limits',
    description: 'a limit given twice answers one page per value, concatenated',
    wrap: (fetch) => async (input, init) => {
      const url = new URL(input)
      const limits = url.searchParams.getAll('limit')
      if (url.pathname !== '/v1/pets' || limits.length < 2 || !limits.every((text) => /^\d+$/.test(text)))
        return fetch(input, init)
      const pages = await Promise.all(
        limits.map(async (limit) => {
          const one = new URL(url)
          one.searchParams.set('limit', limit)
          return (await (await fetch(one.href, init)).json()) as Array<unknown>
        }),
      )
      return Response.json(pages.flat())
    },
  }
  // A store larger than two largest pages, and draws enough to give two limits that add up to more than 100.
  const result = await judgeVariant(
    concatenating,
    { only: ['generated_request_forms'], explore: { seed, maxExamples: 200 } },
    { pets: 250 },
  )
  const failures = failuresNamed(result, 'generated_request_forms')
  const tooMany = failures.filter((failure) => /pets returned, more than 100/.test(failure.message))
  expect(tooMany.length).toBeGreaterThan(0)
  for (const failure of tooMany) expect(failure.basis).toEqual(interfaceSays.limit)
  // Pages that overlap repeat a pet: that finding rests on the unique id, its own rule.
  for (const failure of failures.filter((failure) => /appears twice/.test(failure.message)))
    expect(failure.basis).toEqual(interfaceSays.uniqueId)
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

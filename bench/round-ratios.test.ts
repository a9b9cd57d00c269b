import { expect, it } from 'vitest'
import type { RoundResult } from './bench-report.ts'
import { byServerCpu, medianRoundRatio, roundRatios } from './round-ratios.ts'

function rounds(...perSecond: Array<number>): Array<RoundResult> {
  return perSecond.map(
    (requestsPerSecond) =>
      ({ requestsPerSecond, serverCpuMicrosecondsPerRequest: 1e6 / requestsPerSecond }) as RoundResult,
  )
}

it('divides each round of ours by the same round of the other target', () => {
  const ratios = roundRatios(rounds(45_000, 56_000), rounds(50_000, 52_800))
  expect(ratios.map((ratio) => ratio.toFixed(2))).toEqual(['0.90', '1.06'])
})

it('compares server CPU per request the other way round: less CPU than the other is above 1', () => {
  const ratios = roundRatios(rounds(60_000), rounds(50_000), byServerCpu)
  expect(ratios.map((ratio) => ratio.toFixed(2))).toEqual(['1.20'])
})

it('gives NaN for a round whose CPU was not read', () => {
  const [ours] = rounds(60_000)
  const unknown = { ...ours, serverCpuMicrosecondsPerRequest: null } as RoundResult
  expect(roundRatios([unknown], rounds(50_000), byServerCpu)[0]).toBeNaN()
})

it('gives nothing for rounds that do not pair up', () => {
  expect(roundRatios(rounds(45_000, 1), rounds(50_000))).toEqual([])
  expect(roundRatios([], [])).toEqual([])
})

it('stands for the rounds by the median of their ratios, leaving out the unknown ones', () => {
  expect(medianRoundRatio(rounds(45_000, 60_000, 40_000), rounds(50_000, 50_000, 50_000)).toFixed(2)).toBe('0.90')
  const [ours] = rounds(60_000)
  const unknown = { ...ours, serverCpuMicrosecondsPerRequest: null } as RoundResult
  expect(medianRoundRatio([unknown, ...rounds(60_000)], rounds(50_000, 50_000), byServerCpu).toFixed(2)).toBe('1.20')
  expect(medianRoundRatio([unknown], rounds(50_000), byServerCpu)).toBeNaN()
})

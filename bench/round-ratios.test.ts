import { expect, it } from 'vitest'
import type { KindFigures, RoundResult } from './bench-report.ts'
import { roundRatios } from './round-ratios.ts'

function figures(...perSecond: Array<number>): KindFigures {
  const rounds = perSecond.map((requestsPerSecond) => ({ requestsPerSecond }) as RoundResult)
  return {
    requestsPerSecond: 0,
    p50Ms: 0,
    p99Ms: 0,
    otherCpuMaxPercent: null,
    serverCpuPercent: null,
    serverCpuMicrosecondsPerRequest: null,
    rounds,
  }
}

it('divides each round of ours by the same round of bare', () => {
  const ratios = roundRatios({ figures: { ours: figures(45_000, 56_000), bare: figures(50_000, 52_800) } })
  expect(ratios.map((ratio) => ratio.toFixed(2))).toEqual(['0.90', '1.06'])
})

it('gives nothing for a single round or rounds that do not pair up', () => {
  expect(roundRatios({ figures: { ours: figures(45_000), bare: figures(50_000) } })).toEqual([])
  expect(roundRatios({ figures: { ours: figures(45_000, 1), bare: figures(50_000) } })).toEqual([])
  expect(roundRatios({ figures: { bare: figures(50_000, 1) } })).toEqual([])
})

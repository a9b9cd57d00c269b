import { expect, it } from 'vitest'
import { alternateRounds } from './alternate-rounds.ts'

it('measures the targets in mirrored order, so neighbours take turns going first', async () => {
  const order: Array<string> = []
  await alternateRounds(['ours', 'bare', 'prism'], 4, async (name, round) => {
    order.push(`${round}:${name}`)
  })
  expect(order).toEqual([
    ...['0:ours', '0:bare', '0:prism'],
    ...['1:prism', '1:bare', '1:ours'],
    ...['2:ours', '2:bare', '2:prism'],
    ...['3:prism', '3:bare', '3:ours'],
  ])
})

it('keeps each target its rounds in the order they ran', async () => {
  const runs = await alternateRounds(['a', 'b'], 3, async (name, round) => `${name}${round}`)
  expect(runs.get('a')).toEqual(['a0', 'a1', 'a2'])
  expect(runs.get('b')).toEqual(['b0', 'b1', 'b2'])
})

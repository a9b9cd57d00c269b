import { expect, it } from 'vitest'
import { SampleLosses } from './sample-losses.ts'
import { TransportFailure } from './transport-failure.ts'

const lost = () =>
  new TransportFailure('closed', { method: 'POST', url: 'http://127.0.0.1:1/v1/pets', bodyBytes: 9 }, 'ECONNRESET', 1)
const answered = async () => 'answer'
const reset = async (): Promise<string> => {
  throw lost()
}

it('sets a lost sample aside and judges the rest when at most half are lost', async () => {
  const losses = new SampleLosses(4)
  const results = await Promise.all([answered, reset, answered, reset].map((sample) => losses.run(sample)))
  expect(results).toEqual(['answer', undefined, 'answer', undefined])
  expect(() => losses.settle()).not.toThrow()
})

it('leaves the check unjudged when more than half of its samples are lost', async () => {
  const losses = new SampleLosses(3)
  await Promise.all([reset, reset, answered].map((sample) => losses.run(sample)))
  expect(() => losses.settle()).toThrow(TransportFailure)
})

it('lets any other error through: only a transport loss is set aside', async () => {
  const losses = new SampleLosses(1)
  await expect(losses.run(async () => Promise.reject(new TypeError('a bug')))).rejects.toThrow('a bug')
})

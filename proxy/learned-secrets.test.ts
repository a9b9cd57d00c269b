import { expect, it } from 'vitest'
import { LearnedSecrets } from './learned-secrets.ts'

it('keeps every credential it learned for good: the first of a thousand still redacted', () => {
  const secrets = new LearnedSecrets(['configured-key-0001'])
  const keys = Array.from({ length: 1_001 }, (_, index) => `app-key-${String(index).padStart(4, '0')}-Zq9x`)
  for (const key of keys) expect(secrets.learn([key])).toEqual([])
  expect(secrets.size).toBe(1_002)
  expect(secrets.redactText(`echo ${keys[0]} and configured-key-0001`)).toBe(
    'echo $PETSTORE_API_KEY and $PETSTORE_API_KEY',
  )
})

it('past its bound learns no more for all, and hands the new credential back for its own request', () => {
  const secrets = new LearnedSecrets([], { credentials: 2, characters: 40 })
  expect(secrets.learn(['first-key-0001', 'second-key-0002'])).toEqual([])
  expect(secrets.learn(['one-more-key-0042'])).toEqual(['one-more-key-0042'])
  expect(secrets.pastBound).toBe(1)
  expect(secrets.redactText('a first-key-0001 b')).toBe('a $PETSTORE_API_KEY b')
  expect(secrets.redactText('a one-more-key-0042 b')).toBe('a one-more-key-0042 b')
  expect(secrets.redactText('a one-more-key-0042 b', ['one-more-key-0042'])).toBe('a $PETSTORE_API_KEY b')
})

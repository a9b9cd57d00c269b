import { expect, it } from 'vitest'
import { credentialsOf, LearnedSecrets } from './credentials-of.ts'

it('finds the token of every Authorization field, and the password of a Basic one', () => {
  const basic = Buffer.from('app:pa55word').toString('base64')
  expect(credentialsOf(['authorization', 'Bearer s3cret-key', 'X-Other', 'Bearer nope'])).toEqual(['s3cret-key'])
  expect(credentialsOf(['Authorization', `Basic ${basic}`])).toEqual([basic, 'app:pa55word', 'pa55word'])
  expect(credentialsOf(['Authorization', 'bare-key-1234'])).toEqual(['bare-key-1234'])
  expect(credentialsOf(['Authorization', 'Bearer x'])).toEqual([])
})

it('keeps the newest credentials, at most its bound, besides the configured keys', () => {
  const learned = new LearnedSecrets(['configured-key'], 2)
  expect(learned.learn(['key-one'])).toEqual(['configured-key', 'key-one'])
  learned.learn(['key-two'])
  learned.learn(['key-three'])
  expect(learned.all()).toEqual(['configured-key', 'key-two', 'key-three'])
})

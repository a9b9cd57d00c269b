import { expect, it } from 'vitest'
import { credentialsOf } from './credentials-of.ts'

it('finds the token of every Authorization field, and the password of a Basic one', () => {
  const basic = Buffer.from('app:pa55word').toString('base64')
  expect(credentialsOf(['authorization', 'Bearer s3cret-key', 'X-Other', 'Bearer nope'])).toEqual(['s3cret-key'])
  expect(credentialsOf(['Authorization', `Basic ${basic}`])).toEqual([basic, 'app:pa55word', 'pa55word'])
  expect(credentialsOf(['Authorization', 'bare-key-1234'])).toEqual(['bare-key-1234'])
  expect(credentialsOf(['Authorization', 'Bearer x'])).toEqual([])
})

it('finds a key in the query parameters and header fields APIs commonly take one in, as written and decoded', () => {
  expect(credentialsOf([], 'limit=5&api_key=k%2By+z%3D&x=1')).toEqual(['k%2By+z%3D', 'k+y+z=', 'k+y z='])
  expect(credentialsOf(['X-API-Key', 'header-key-77'], 'ACCESS_TOKEN=tok-123456')).toEqual([
    'header-key-77',
    'tok-123456',
  ])
})

it('finds a key in the parameters and fields the user names, and in no other', () => {
  const names = { params: ['sig'], headers: ['X-Session-Token'] }
  expect(credentialsOf(['x-session-token', 'sess-0099', 'x-trace', 'trace-0001'], 'sig=abc-42&q=dogs', names)).toEqual([
    'sess-0099',
    'abc-42',
  ])
})

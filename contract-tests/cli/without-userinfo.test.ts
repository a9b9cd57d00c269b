import { expect, it } from 'vitest'
import { withoutUserinfo } from './without-userinfo.ts'

it.each([
  ['http://ci:s3cret@[bad/v1', 'http://…@[bad/v1'],
  ['https://user:p@ss:word@host name/v1?x=1', 'https://…@host name/v1?x=1'],
  ['//ci:s3cret@host:99999/v1', '//…@host:99999/v1'],
  ['ci:s3cret@host:port', '…@host:port'],
  ['http://host:99999/v1?mail=a@b', 'http://host:99999/v1?mail=a@b'],
  ['not a url', 'not a url'],
])('quotes %j as %j', (url, quoted) => {
  expect(withoutUserinfo(url)).toBe(quoted)
})

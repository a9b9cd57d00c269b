import { expect, it } from 'vitest'
import { createAuthenticator } from './create-authenticator.ts'

const authenticate = createAuthenticator(['first-key', 'second-key'])

it.each(['Bearer first-key', 'Bearer second-key', 'bearer first-key', 'BEARER   second-key', '  Bearer first-key  '])(
  'accepts %j',
  (header) => {
    expect(authenticate(header)).toBeUndefined()
  },
)

it.each([
  ['Bearer first-ke', 'The API key is not valid.'],
  ['Bearer first-keyy', 'The API key is not valid.'],
  ['Bearer', 'The Authorization header has an empty bearer token.'],
  ['Basic first-key', 'The Authorization header is not in "Bearer <API_KEY>" form.'],
  ['Bearer first-key\nx', 'The Authorization header is not in "Bearer <API_KEY>" form.'],
])('refuses %j with 401 and says why', (header, message) => {
  expect(authenticate(header)).toMatchObject({ status: 401, code: 'unauthorized', message })
})

it('refuses a key with surrounding spaces: the token is trimmed', () => {
  const spaced = createAuthenticator([' spaced-key '])
  expect(spaced('Bearer  spaced-key ')).toMatchObject({ status: 401 })
})

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

it('still refuses a near miss after the key was accepted many times', () => {
  const check = createAuthenticator(['first-key'])
  for (let i = 0; i < 3; i++) expect(check('Bearer first-key')).toBeUndefined()
  expect(check('Bearer first-kez')).toMatchObject({ status: 401, message: 'The API key is not valid.' })
  expect(check('Bearer first-key ')).toBeUndefined()
})

it('accepts what one authenticator accepted only if its own keys hold it', () => {
  createAuthenticator(['first-key'])('Bearer first-key')
  expect(createAuthenticator(['other-key'])('Bearer first-key')).toMatchObject({ status: 401 })
})

it('accepts every spelling of the scheme and spaces, however many distinct ones came before', () => {
  const check = createAuthenticator(['first-key'])
  for (let spaces = 1; spaces <= 100; spaces++) expect(check(`Bearer${' '.repeat(spaces)}first-key`)).toBeUndefined()
  expect(check('bEaReR first-key')).toBeUndefined()
  expect(check(`Bearer${' '.repeat(101)}first-kex`)).toMatchObject({ status: 401 })
})

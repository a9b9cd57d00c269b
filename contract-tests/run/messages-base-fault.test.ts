import { expect, it } from 'vitest'
import { messagesBaseFault } from './messages-base-fault.ts'

it('says that a messages base address equal to the pets one is wrong, and names the option to pass', () => {
  expect(messagesBaseFault('https://h.test/api', 'https://h.test/api')).toBe(
    "The messages API's base address is the pets API's (https://h.test/api): pass where POST /messages is served " +
      'in --messages-base-url (or PETSTORE_MESSAGES_URL); by default it is the base URL without its trailing /v1.',
  )
  expect(messagesBaseFault('http://H.test:80/v1/', 'http://h.test/v1')).toBeDefined()
})

it('takes two base addresses, on one origin or two', () => {
  expect(messagesBaseFault('https://h.test/v1', 'https://h.test')).toBeUndefined()
  expect(messagesBaseFault('https://h.test/v1', 'https://messages.h.test/v1')).toBeUndefined()
  expect(messagesBaseFault('http://127.0.0.1:8080/v1', 'http://127.0.0.1:8081')).toBeUndefined()
})

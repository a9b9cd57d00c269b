import { expect, it } from 'vitest'
import { faultResult, parseFault, unrequestedUpgrade, unwritable } from './answer-fault.ts'

it('finds a status, a reason phrase or a field node could not write on, and quotes its bytes', () => {
  expect(unwritable(200, 'OK', ['Content-Type', 'application/json'])).toBeUndefined()
  expect(unwritable(200, 'Ã©t\u00e9 fine', [])).toBeUndefined()
  expect(unwritable(200, 'O\u0001K', [])).toMatchObject({
    check: 'answer_message_syntax',
    bytes: 'HTTP/1.1 200 O\\x01K\\r\\n',
  })
  expect(unwritable(999, 'Odd', [])?.message).toBe(
    'The deployment answered with status 999, which is no HTTP status code.',
  )
  expect(unwritable(200, 'OK', ['X-Note', 'a\u0000b'])).toMatchObject({ bytes: 'X-Note: a\\x00b' })
})

it('makes a violation of a 101 nobody asked for, and of bytes node could not parse', () => {
  const upgrade = faultResult(unrequestedUpgrade(101, 'Switching Protocols', ['Upgrade', 'websocket']))
  expect(upgrade).toMatchObject({ check: 'unrequested_upgrade', outcome: 'failed', level: 'violation' })
  expect(upgrade.basis?.text).toContain('RFC 9110 section 7.8')
  const error = Object.assign(new Error('Parse Error'), {
    code: 'HPE_INVALID_STATUS',
    rawPacket: Buffer.from('HTTP/1.1 2OO'),
  })
  expect(parseFault(error)).toMatchObject({
    bytes: 'HTTP/1.1 2OO',
    message: expect.stringContaining('no valid status code'),
  })
})

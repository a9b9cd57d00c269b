import { expect, it } from 'vitest'
import { listenError } from './listen-error.ts'

it('tells a user whose port is taken to pass another one', () => {
  const inUse = Object.assign(new Error('listen EADDRINUSE'), { code: 'EADDRINUSE' })
  expect(listenError('127.0.0.1', 4010, inUse).message).toBe(
    'Failed to listen on 127.0.0.1:4010: port 4010 is in use; pass --port N (0 picks a free one).',
  )
})

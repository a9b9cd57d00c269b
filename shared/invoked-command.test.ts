import { expect, it } from 'vitest'
import { invokedCommand } from './invoked-command.ts'

it('names the command as npx runs it under npx or npm exec, else the bare bin', () => {
  expect(invokedCommand('petstore-mock', { npm_command: 'exec' })).toBe('npx petstore-mock')
  expect(invokedCommand('petstore-contract', { npm_command: 'run-script' })).toBe('petstore-contract')
  expect(invokedCommand('petstore-contract', {})).toBe('petstore-contract')
})

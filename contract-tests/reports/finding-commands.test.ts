import { expect, it } from 'vitest'
import { findingCommands } from './finding-commands.ts'
import { runResultFixture } from './run-result-fixture.test-support.ts'

it('lists each finding that rests on one request with the command that sends it again, once', () => {
  const listed = findingCommands(runResultFixture())
  expect(listed.length).toBeGreaterThan(0)
  for (const { check, message, command } of listed) {
    expect(check).not.toBe('')
    expect(message).not.toBe('')
    expect(command).toMatch(/^(?:printf .+ \| )?curl -sS /)
  }
  const keys = listed.map(({ check, message, command }) => `${check}\n${message}\n${command}`)
  expect(new Set(keys).size).toBe(keys.length)
})

import { expect, it } from 'vitest'
import { curlCommand } from './curl-command.ts'
import { redact, redactText } from './redact.ts'

it('replaces the key in every string, raw and URL-encoded', () => {
  const key = 'sk/live+key=1'
  const value = {
    headers: { authorization: `Bearer ${key}` },
    url: `http://t/?k=${encodeURIComponent(key)}`,
    list: [`Basic ${key}`],
  }
  expect(JSON.stringify(redact(value, [key]))).not.toContain('sk/live')
  expect(JSON.stringify(redact(value, [key]))).not.toContain(encodeURIComponent(key))
  expect(redact(value, [key]).headers.authorization).toBe('Bearer $PETSTORE_API_KEY')
})

it('keeps property names and the shape intact even for a one-letter key', () => {
  const redacted = redact({ check: 'auth_required', outcome: 'skipped' }, ['k'])
  expect(Object.keys(redacted)).toEqual(['check', 'outcome'])
  expect(redacted.outcome).toBe('s$PETSTORE_API_KEYipped')
})

it('gives a curl line that takes the key from the environment', () => {
  const request = redact(
    {
      method: 'POST',
      url: 'http://127.0.0.1:4010/v1/pets',
      headers: { authorization: 'Bearer abc123' },
      body: `{"name":"it's"}`,
    },
    ['abc123'],
  )
  expect(curlCommand(request)).toBe(
    `curl -sS -i -X POST 'http://127.0.0.1:4010/v1/pets' -H "authorization: Bearer $PETSTORE_API_KEY" --data-raw ` +
      `'{"name":"it'\\''s"}'`,
  )
})

it('leaves text without the key untouched', () => {
  expect(redactText('nothing secret here', ['abc123'])).toBe('nothing secret here')
})

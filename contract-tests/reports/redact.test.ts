import { expect, it } from 'vitest'
import { curlCommand } from './curl-command.ts'
import { echoedForms } from './echoed-forms.test-support.ts'
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

it.each(Object.entries(echoedForms('sk-live/Key+9 of-Ünïcode=0042')))('finds the key echoed as %s', (_form, echo) => {
  const redacted = redactText(`{"message":"bad key ${echo} here"}`, ['sk-live/Key+9 of-Ünïcode=0042'])
  expect(redacted).not.toContain(echo)
  expect(redacted).toMatch(/^\{"message":"bad key .*\$PETSTORE_API_KEY.* here"\}$/)
})

it('finds the development key in each form, and leaves "petstore" and the suite own words alone', () => {
  const key = 'petstore-dev-key'
  for (const echo of Object.values(echoedForms(key))) expect(redactText(`x ${echo} y`, [key])).not.toContain(echo)
  const report = 'petstore contract: petstore-contract run against petstore.test; the petstore dev keys'
  expect(redactText(report, [key])).toBe(report)
})

it('finds a near-copy the run derived, however it is escaped', () => {
  const derived = 'Token 0f-near-copy'
  const text = `echo: ${encodeURIComponent(derived)} and ${derived.toLowerCase()}`
  expect(redactText(text, { secrets: ['other-key-123456'], derived: [derived] })).toBe(
    'echo: $PETSTORE_API_KEY and $PETSTORE_API_KEY',
  )
})

it('keeps a short key from eating every word that holds it: only the key as a word goes', () => {
  const redacted = redact({ check: 'auth_required', outcome: 'skipped', header: 'Bearer k' }, ['k'])
  expect(redacted).toEqual({ check: 'auth_required', outcome: 'skipped', header: 'Bearer $PETSTORE_API_KEY' })
  expect(redactText('Bearer abc12 and xabc123', ['abc123'])).toBe('Bearer $PETSTORE_API_KEY and xabc123')
})

it('redacts a key a target echoed as a field or header name, keeping two such names apart', () => {
  const key = 'sk-live-field-name-77'
  const redacted = redact({ [key]: 1, [key.toUpperCase()]: 2, other: 3 }, [key])
  expect(redacted).toEqual({ $PETSTORE_API_KEY: 1, '$PETSTORE_API_KEY (2)': 2, other: 3 })
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
  expect(redactText('R&D &amp; 100% \\n', ['abc123'])).toBe('R&D &amp; 100% \\n')
})

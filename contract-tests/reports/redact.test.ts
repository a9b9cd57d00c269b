import { expect, it } from 'vitest'
import { runSecrets } from '../run/run-secrets.ts'
import { curlCommand } from './curl-command.ts'
import { echoedForms, headerByteForms, listedForms, writtenForms } from './echoed-forms.test-support.ts'
import { redact, redactText, SecretFinder } from './redact.ts'

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

const allForms = (key: string) => Object.entries({ ...echoedForms(key), ...listedForms(key) })

it.each(allForms('sk-live/Key+9 of-Ünïcode=0042'))('finds the key echoed as %s', (_form, echo) => {
  const redacted = redactText(`{"message":"bad key ${echo} here"}`, ['sk-live/Key+9 of-Ünïcode=0042'])
  expect(redacted).not.toContain(echo)
  expect(redacted).toMatch(/^\{"message":"bad key .*\$PETSTORE_API_KEY.* here"\}$/)
})

it.each(Object.entries(headerByteForms('rk_test_9Zq4Lm2Xv7Tb1Nc8Wd5Hy3Pj')))(
  'finds the key sent raw in a header as %s, read one byte a character',
  (_form, echo) => {
    const redacted = redactText(`x-echo: ${echo}`, ['rk_test_9Zq4Lm2Xv7Tb1Nc8Wd5Hy3Pj'])
    expect(redacted).toBe('x-echo: $PETSTORE_API_KEY')
  },
)

it('finds a key among thousands learned one at a time, and leaves other text alone', () => {
  const finder = new SecretFinder()
  const keys = Array.from({ length: 1_500 }, (_, index) => `key-${index}-${(index * 7919).toString(36)}-x9Qp2`)
  for (const key of keys) finder.add([key])
  expect(finder.size).toBe(1_500)
  expect(finder.redactText(`first ${keys[0]} last ${encodeURIComponent(keys[1_499] as string)}.`)).toBe(
    'first $PETSTORE_API_KEY last $PETSTORE_API_KEY.',
  )
  expect(finder.redactText('a pet named Rex, 42 of them')).toBe('a pet named Rex, 42 of them')
})

it('finds the development key in each form, and leaves "petstore" and the suite own words alone', () => {
  const key = 'petstore-dev-key'
  for (const [, echo] of allForms(key)) expect(redactText(`x ${echo} y`, [key])).not.toContain(echo)
  const report =
    'petstore contract: petstore-contract run against petstore.test; the petstore dev keys; Pet Store contract run ' +
    'against 127.0.0.1; the key is $PETSTORE_API_KEY'
  expect(redactText(report, [key])).toBe(report)
})

// A key of 32 characters and one of 16, each with characters that every escaping writes its own way.
const keys = ['rk_test_9Zq4Lm2Xv7Tb1Nc8Wd5Hy3Pj', 'ak-7Qm2/xR9+vL4=']

/** Every run of a key that counts as it: 12 characters, or 8 of a key shorter than 24 unless they read as words. */
function countedRuns(key: string): Array<string> {
  const size = key.length < 24 ? 8 : 12
  const runs = Array.from({ length: key.length - size + 1 }, (_, start) => key.slice(start, start + size))
  return runs.filter(
    (run) => !/^[-_.]*(?:[a-z]+|[A-Z][a-z]*|[A-Z]+)(?:[-_.]+(?:[a-z]+|[A-Z][a-z]*|[A-Z]+))*[-_.]*$/.test(run),
  )
}

it.each(keys)('finds the key %s and every run of it that counts, in each listed form, and only that', (key) => {
  for (const [form, echo] of allForms(key)) {
    const redacted = redactText(`{"message":"bad key ${echo} here","id":7}`, [key])
    // The base64 group at either end holds what stands beside the key (`use:`) and up to two of its characters.
    const edge = form.startsWith('base64') ? '[\\w+/=-]{0,8}' : ''
    expect(redacted, form).toMatch(
      new RegExp(`^\\{"message":"bad key ${edge}\\$PETSTORE_API_KEY${edge} here","id":7\\}$`),
    )
  }
  for (const run of countedRuns(key))
    for (const [form, echo] of Object.entries(writtenForms(run))) {
      const redacted = redactText(`run: ${echo}.`, [key])
      expect(redacted, `${run} as ${form}`).not.toContain(echo)
      expect(redacted, `${run} as ${form}`).toMatch(/^run: .*\$PETSTORE_API_KEY.*\.$/)
    }
})

it('finds a piece of the key wherever a base64url value of it is cut', () => {
  const key = keys[0] as string
  const encoded = Buffer.from(key).toString('base64url')
  for (let start = 0; start + 16 <= encoded.length; start += 4)
    expect(redactText(`token=${encoded.slice(start, start + 16)};`, [key])).toBe('token=$PETSTORE_API_KEY;')
})

it('replaces the whole written span of an escaped form, and nothing around it', () => {
  const key = keys[1] as string
  const hexPairs = [...Buffer.from(key)].map((byte) => `\\x${byte.toString(16).padStart(2, '0')}`).join('')
  expect(redactText(`a&b ${hexPairs}%20c`, [key])).toBe('a&b $PETSTORE_API_KEY%20c')
  expect(redactText(`x=${encodeURIComponent(encodeURIComponent(key))}&y=1`, [key])).toBe('x=$PETSTORE_API_KEY&y=1')
})

it('takes in the piece of a key left before the cut of an excerpt, and leaves words and ids cut there alone', () => {
  const key = keys[0] as string
  const secrets = runSecrets(key)
  expect(redactText(`received: ${key} | ${key.toUpperCase().slice(0, 9)}…`, secrets)).toBe(
    'received: $PETSTORE_API_KEY | $PETSTORE_API_KEY…',
  )
  expect(redactText(`received: 2Xv7T…`, secrets)).toBe('received: $PETSTORE_API_KEY…')
  const suiteText = 'GET /v1/pets… x-api-key… {"id":9,"name":"rk_test_…'
  expect(redactText(suiteText, secrets)).toBe(suiteText)
  expect(redactText(suiteText, runSecrets('petstore-dev-key'))).toBe(suiteText)
})

it('leaves a redacted text as it is when redacted again', () => {
  const once = redactText(
    `k: ${keys[0]} / ${allForms(keys[1] as string)
      .map(([, echo]) => echo)
      .join(' ')}`,
    keys,
  )
  expect(redactText(once, keys)).toBe(once)
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

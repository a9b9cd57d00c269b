import { execFileSync } from 'node:child_process'
import { expect, it } from 'vitest'
import type { ExchangeRequest } from '../shared/exchange.ts'
import { curlCommand } from './curl-command.ts'
import { redactedKey } from './redact.ts'

const url = 'http://127.0.0.1:4010/v1/pets'
const post = (body: string, more: Partial<ExchangeRequest> = {}): ExchangeRequest => ({
  method: 'POST',
  url,
  headers: { 'content-type': 'application/json' },
  body,
  ...more,
})

it('sends a printable body as it is, and one with a control character through printf on stdin', () => {
  expect(curlCommand(post('{"n":01}'))).toBe(
    `curl -sS -i -X POST '${url}' -H 'content-type: application/json' --data-raw '{"n":01}'`,
  )
  expect(curlCommand(post('{"name":"a\u0001b\r\n"}'))).toBe(
    `printf '%b' '{"name":"a\\0001b\\r\\n"}' | curl -sS -i -X POST '${url}' -H 'content-type: application/json' ` +
      '--data-binary @-',
  )
})

it('sends the bytes of a body that is not UTF-8, not the text that shows them', () => {
  const request = post('{"name":"x\\xFF"}', { bodyLatin1: '{"name":"x\u00ff"}' })
  expect(curlCommand(request)).toMatch(/^printf '%b' '\{"name":"x\\0377"\}' \| curl .* --data-binary @-$/)
})

it('writes quotes, backslashes and the key of a body so the shell passes them unchanged', () => {
  const command = curlCommand(post(`{"a":"it's \\\\ é","k":"${redactedKey}"}`))
  expect(command).toContain(
    `printf '%b%s%b' '{"a":"it\\0047s \\\\\\\\ \\0303\\0251","k":"' "${redactedKey}" '"}' | curl`,
  )
})

it('sends a chunked body from stdin with Transfer-Encoding: chunked and no 100-continue', () => {
  expect(curlCommand(post('{}', { chunked: true }))).toBe(
    `printf '%b' '{}' | curl -sS -i -X POST '${url}' -H 'content-type: application/json' ` +
      `-H 'Transfer-Encoding: chunked' -H 'Expect:' --data-binary @-`,
  )
})

it('asks for a HEAD with -I, and a POST without a body with the Content-Length fetch sends', () => {
  expect(curlCommand({ method: 'HEAD', url, headers: {} })).toBe(`curl -sS -I '${url}'`)
  expect(curlCommand({ method: 'POST', url, headers: {} })).toBe(`curl -sS -i -X POST '${url}' -H 'Content-Length: 0'`)
})

it('writes the target as fetch sends it, and the key in it from the environment', () => {
  const command = curlCommand({ method: 'GET', url: `${url}/./x/../?q=a b&k=${redactedKey}#top`, headers: {} })
  expect(command).toBe(`curl -sS -i 'http://127.0.0.1:4010/v1/pets/?q=a%20b&k='"${redactedKey}"`)
  expect(curlCommand({ method: 'GET', url: `${url}?status[]=sold`, headers: {} })).toContain(' -g ')
})

it('expands the key and the credential forms made of it in a header, and nothing else there', () => {
  const headers = {
    authorization: `Bearer \${PETSTORE_API_KEY%?}`,
    'x-api-key': `${redactedKey} "$HOME" \`id\` !`,
    'x-empty': '',
    'x-latin1': 'caf\u00e9',
  }
  expect(curlCommand({ method: 'GET', url, headers })).toBe(
    `curl -sS -i '${url}' -H "authorization: Bearer \${PETSTORE_API_KEY%?}" ` +
      `-H "x-api-key: ${redactedKey} \\"\\$HOME\\" \\\`id\\\` "'!'"" -H 'x-empty;' ` +
      `-H "$(printf '%b' 'x-latin1: caf\\0351')"`,
  )
})

it('ends the name of the key variable where the key ends in a header', () => {
  expect(curlCommand({ method: 'GET', url, headers: { authorization: `Bearer ${redactedKey}x` } })).toBe(
    `curl -sS -i '${url}' -H "authorization: Bearer \${PETSTORE_API_KEY}x"`,
  )
})

it('follows redirects only for a safe method, as the suite does', () => {
  expect(curlCommand({ method: 'GET', url, headers: {}, followRedirects: true })).toBe(
    `curl -sS -i -L --max-redirs 5 '${url}'`,
  )
  expect(curlCommand({ ...post('{}'), followRedirects: true })).not.toContain('-L')
})

it('writes a request the suite wrote on the wire itself byte for byte, to node rather than curl', () => {
  const latin1 = `GET /v1/pets HTTP/1.1\r\nHOST: 127.0.0.1:4010\r\nAUTHORIZATION: Bearer ${redactedKey}\r\n\r\n`
  const command = curlCommand({ method: 'GET', url, headers: {}, wire: { latin1 } })
  const bytes = String.raw`'GET /v1/pets HTTP/1.1\r\nHOST: 127.0.0.1:4010\r\nAUTHORIZATION: Bearer '`
  expect(command.startsWith(`printf '%b%s%b' ${bytes} "${redactedKey}" '\\r\\n\\r\\n' | node -e '`)).toBe(true)
  expect(command).toMatch(/ '127\.0\.0\.1' 4010$/)
})

it('says where the body it sends is only the start of the one that was sent', () => {
  const request = { method: 'POST', url: 'http://t/v1/pets', headers: {}, body: '{"name":"', wholeBodyBytes: 1_000_000 }
  expect(curlCommand(request)).toBe(
    "curl -sS -i -X POST 'http://t/v1/pets' --data-raw '{\"name\":\"' " +
      '# the body sent was 1,000,000 bytes; its first 9 are kept here',
  )
})

it('writes a long target with its runs of one character made by the shell: a short line, the same octets', () => {
  const url = `http://127.0.0.1:4010/v1/pets?pad=${'a'.repeat(8000)}&n=${'7'.repeat(300)}$x`
  const command = curlCommand({ method: 'GET', url, headers: {} })
  expect(command.length).toBeLessThan(200)
  const word = /^curl -sS -i (".*")$/.exec(command)?.[1] ?? ''
  expect(execFileSync('sh', ['-c', `printf %s ${word}`], { encoding: 'utf8' })).toBe(url)
})

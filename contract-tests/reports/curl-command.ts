import type { ExchangeRequest } from '../shared/exchange.ts'
import { redactedKey } from './redact.ts'

const shellQuote = (value: string): string => `'${value.replaceAll("'", `'\\''`)}'`

/**
 * A curl line that reproduces a request. The request must already be redacted: a header holding
 * the key placeholder is double-quoted so the shell fills in `$PETSTORE_API_KEY` from the environment.
 * @example curlCommand({ method: 'GET', url: 'http://127.0.0.1:4010/v1/pets', headers: {} })
 */
export function curlCommand(request: ExchangeRequest): string {
  const parts = ['curl', '-sS', '-i']
  if (request.method !== 'GET') parts.push('-X', request.method)
  parts.push(shellQuote(request.url))
  for (const [name, value] of Object.entries(request.headers)) {
    const header = `${name}: ${value}`
    parts.push('-H', header.includes(redactedKey) ? `"${header.replaceAll('"', '\\"')}"` : shellQuote(header))
  }
  if (request.body !== undefined) parts.push('--data-raw', shellQuote(request.body))
  return parts.join(' ')
}

/** What stands in a report where a secret was: also a working shell reference for curl lines. */
export const redactedKey = '$PETSTORE_API_KEY'

/**
 * Replaces every occurrence of each secret (raw and URL-encoded) in every string of a value that is
 * about to leave the run (console, report files, messages). Property names are left alone, so the
 * shape stays intact even for a very short key.
 * @example redact({ header: 'Bearer s3cret' }, ['s3cret']) // { header: 'Bearer $PETSTORE_API_KEY' }
 */
export function redact<T>(value: T, secrets: ReadonlyArray<string>): T {
  if (typeof value === 'string') return redactText(value, secrets) as T
  if (Array.isArray(value)) return value.map((item) => redact(item, secrets)) as T
  if (typeof value !== 'object' || value === null) return value
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, redact(item, secrets)])) as T
}

/** `redact` for plain text. */
export function redactText(text: string, secrets: ReadonlyArray<string>): string {
  let result = text
  for (const secret of secrets) {
    if (secret === '') continue
    for (const form of [...new Set([secret, encodeURIComponent(secret)])].sort((a, b) => b.length - a.length)) {
      result = result.replaceAll(form, redactedKey)
    }
  }
  return result
}

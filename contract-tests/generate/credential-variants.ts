import { openapiDocument } from '../../spec/openapi-document.ts'
import { redactedKey } from '../reports/redact.ts'

/** One way to send a credential that is almost right; `shell` says the same in a form a curl line can run. */
interface CredentialVariant {
  what: string
  /** The Authorization header, or null for none. */
  authorization(key: string): string | null
  /** The header as a shell expression of `$PETSTORE_API_KEY`, for reports. */
  shell: string | null
  /** A query string that carries the key elsewhere, when it does. */
  query?(key: string): string
  /** A header other than Authorization that carries the key. */
  header?: string
}

const scheme = (): string => {
  const bearer = openapiDocument.components.securitySchemes.bearerAuth
  return bearer.scheme.charAt(0).toUpperCase() + bearer.scheme.slice(1)
}

/**
 * Every way a key can be almost right, derived from the spec's security scheme (HTTP bearer): none at
 * all, the key changed (case, a character short, a prefix, a suffix, extra words), the right key under
 * another scheme or without one, and the key in a query parameter or another header. Each must get 401.
 * @example credentialVariants().map((variant) => variant.what)
 */
export function credentialVariants(): Array<CredentialVariant> {
  const s = scheme()
  const k = redactedKey
  const variants: Array<CredentialVariant> = [
    { what: 'no Authorization header', authorization: () => null, shell: null },
    { what: `"${s}" with no key`, authorization: () => s, shell: s },
    { what: `"${s} " with an empty key`, authorization: () => `${s} `, shell: `${s} ` },
    { what: 'the key alone, no scheme', authorization: (key) => key, shell: k },
    {
      what: 'the key upper-cased',
      authorization: (key) => (key.toUpperCase() === key ? `${s} ${key.toLowerCase()}` : `${s} ${key.toUpperCase()}`),
      shell: `${s} $(printf %s ${k} | tr a-z A-Z)`,
    },
    {
      what: 'the key one character short',
      authorization: (key) => `${s} ${key.slice(0, -1)}`,
      shell: `${s} \${PETSTORE_API_KEY%?}`,
    },
    { what: 'the key with a suffix', authorization: (key) => `${s} ${key}x`, shell: `${s} ${k}x` },
    { what: 'the key with a prefix', authorization: (key) => `${s} x${key}`, shell: `${s} x${k}` },
    { what: 'the key followed by another word', authorization: (key) => `${s} ${key} extra`, shell: `${s} ${k} extra` },
    { what: 'another word before the key', authorization: (key) => `${s} extra ${key}`, shell: `${s} extra ${k}` },
    { what: 'the scheme written twice', authorization: (key) => `${s} ${s} ${key}`, shell: `${s} ${s} ${k}` },
    { what: 'the key under Basic', authorization: (key) => `Basic ${key}`, shell: `Basic ${k}` },
    {
      what: 'the key base64-encoded under Basic',
      authorization: (key) => `Basic ${Buffer.from(`${key}:`).toString('base64')}`,
      shell: `Basic $(printf %s: ${k} | base64)`,
    },
    { what: 'the key under Token', authorization: (key) => `Token ${key}`, shell: `Token ${k}` },
    { what: 'the key under ApiKey', authorization: (key) => `ApiKey ${key}`, shell: `ApiKey ${k}` },
    {
      what: 'the key in an api_key query parameter, no header',
      authorization: () => null,
      shell: null,
      query: (key) => `api_key=${encodeURIComponent(key)}`,
    },
    {
      what: 'the key in an X-API-Key header, no Authorization',
      authorization: () => null,
      shell: null,
      header: 'x-api-key',
    },
  ]
  return variants
}

/**
 * Every credential the variants derive from a key and send (the key upper-cased, one character short, base64 under
 * Basic, ...), as the words a target may echo of them, for the redaction of everything a run writes.
 * @example derivedCredentials('k-123456') // ['K-123456', 'k-12345', 'ay0xMjM0NTY6', ...]
 */
export function derivedCredentials(key: string): Array<string> {
  // A word a variant sends whatever the key (a bare "Bearer") is no credential.
  const other = `${key}-other`
  // A header's words; a query's values only (`api_key=<key>` as a whole would hide the parameter's name too).
  // Split at any white space: a variant that writes a line break after the key (header injection) adds no word that
  // runs into the next field line.
  const headerWords = (value: string | null | undefined): Array<string> => (value ? value.split(/\s+/) : [])
  const queryValues = (value: string | undefined): Array<string> =>
    value ? [...new URLSearchParams(value).values()] : []
  const derived = credentialVariants().flatMap((variant) => {
    const otherWords = new Set([...headerWords(variant.authorization(other)), ...queryValues(variant.query?.(other))])
    return [...headerWords(variant.authorization(key)), ...queryValues(variant.query?.(key))].filter(
      // A word that holds the key whole (`<key>x`) is found by the key's own forms; the rest of it is no secret.
      (word) => word !== '' && !word.includes(key) && !otherWords.has(word),
    )
  })
  return [...new Set(derived)]
}

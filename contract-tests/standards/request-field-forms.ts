import type { OperationSpec } from '../../spec/operations.ts'
import type { CallOptions } from '../shared/contract-caller.ts'
import type { FreedomForm } from './request-freedom-forms.ts'

/** The request with more header fields, and the same without the key. */
function withFields(what: string, request: CallOptions, fields: Record<string, string>): FreedomForm {
  const form = { ...request, headers: { ...request.headers, ...fields } }
  return { what, plain: request, form, keyless: { ...form, authorization: null } }
}

/**
 * Request fields a client may send or leave out that change nothing a Pet Store answers (RFC 9110 section 10.1:
 * From, Referer, User-Agent; section 12.5: Accept-Charset and Accept-Language with weights, the weight of an Accept
 * range before another parameter; section 13.1: a precondition of an extension, WebDAV's `If`), on any operation:
 * with the key each gets the plain request's answer, and none of them stands in for the key (without it: 401).
 * @example requestFieldForms(operations.listPets, {}).map((form) => form.what)
 */
export function requestFieldForms(operation: OperationSpec, request: CallOptions): Array<FreedomForm> {
  const forms: Array<[string, Record<string, string>]> = [
    ["From: a robot operator's mailbox", { from: 'ops@example.test' }],
    ['a cross-site Referer', { referer: 'https://elsewhere.example.test/page?q=1' }],
    ['Referer: about:blank', { referer: 'about:blank' }],
    ["curl's User-Agent", { 'user-agent': 'curl/8.5.0' }],
    ['Accept-Charset with weights', { 'accept-charset': 'iso-8859-1;q=0.5, utf-8, *;q=0.1' }],
    [
      'Accept-Language with weights and an unknown tag',
      { 'accept-language': 'fr-CH, fr;q=0.9, x-klingon;q=0.2, *;q=0.1' },
    ],
    [
      'the Accept weight before another parameter',
      { accept: 'application/json;q=0.9;charset=utf-8, text/plain;q=0.1' },
    ],
  ]
  if (!operation.safe)
    forms.push(['a precondition of an extension (If)', { if: '(<urn:uuid:181d4fae-7d8c-11d0-a765-00a0c91e6bf2>)' }])
  return forms.map(([what, fields]) => withFields(what, request, fields))
}

/**
 * Request cache directives (RFC 9111 section 5.2.1: "A cache MAY implement ..."; the origin may ignore them) in their
 * token and quoted forms (section 5.2: "recipients ought to accept both forms"), unknown ones (section 5.2.3: "A
 * cache MUST ignore unrecognized cache directives") and the deprecated `Pragma: no-cache` (section 5.4), on every
 * safe operation: each with the key gets the plain answer (no cache in the path serves less than the origin's
 * answer), and none stands in for the key.
 * @example cacheDirectiveForms(operations.listPets, {}).length
 */
export function cacheDirectiveForms(operation: OperationSpec, request: CallOptions): Array<FreedomForm> {
  if (!operation.safe) return []
  const directives = [
    'max-age=0',
    'max-age="0"',
    'max-stale',
    'max-stale="10"',
    'min-fresh=20',
    'min-fresh="20"',
    'no-cache',
    'no-store',
    'no-transform',
    'community="UCI", stale-if-error=60',
  ]
  // A cache holding nothing answers only-if-cached with 504 (section 5.2.1.7); the origin answers as without it.
  const onlyIfCached = withFields('Cache-Control: only-if-cached', request, { 'cache-control': 'only-if-cached' })
  return [
    ...directives.map((value) => withFields(`Cache-Control: ${value}`, request, { 'cache-control': value })),
    { ...onlyIfCached, alternative: 504 },
    withFields('Pragma: no-cache', request, { pragma: 'no-cache' }),
  ]
}

import type { Basis } from './exchange.ts'

const rests = (rfc: string, quotes: ReadonlyArray<string>, note = ''): Basis => ({
  source: 'interface',
  text:
    `${rfc} (HTTP, which the interface's "HTTP/JSON API" rests on): ` +
    quotes.map((quote) => `"${quote}"`).join(' and ') +
    (note ? ` ${note}` : ''),
})
const chooses = (text: string): Basis => ({ source: 'x-mock-behaviour', text })

/**
 * The sentences of RFC 9110 (sections 10 to 17) and RFC 9111 the checks of expectations, interim answers, protocol
 * versions, status codes, conditional and range requests and cache fields rest on, quoted word for word: a MUST, or
 * what a status code means. Kept apart from `citations.ts` so that each area adds its own.
 * @example semanticsSays.expectContinue.text
 */
export const semanticsSays = {
  expectContinue: rests('RFC 9110 sections 10.1.1 and 15.2', [
    'Upon receiving an HTTP/1.1 (or later) request that has a method, target URI, and complete header section that ' +
      'contains a 100-continue expectation and an indication that request content will follow, an origin server ' +
      'MUST send either: an immediate response with a final status code, if that status can be determined by ' +
      'examining just the method, target URI, and header fields, or an immediate 100 (Continue) response',
    'The origin server MUST NOT wait for the content before sending the 100 (Continue) response.',
    'Since HTTP/1.0 did not define any 1xx status codes, a server MUST NOT send a 1xx response to an HTTP/1.0 client.',
  ]),
  upgrade: rests('RFC 9110 sections 7.8 and 15.2.2', [
    'A server MAY ignore a received Upgrade header field if it wishes to continue using the current protocol on ' +
      'that connection.',
    'The server MUST generate an Upgrade header field in the response that indicates which protocol(s) will be in ' +
      'effect after this response.',
    "A server MUST NOT switch to a protocol that was not indicated by the client in the corresponding request's " +
      'Upgrade header field.',
  ]),
  majorVersion: rests('RFC 9110 sections 2.5 and 15.6.6', [
    'A server can send a 505 (HTTP Version Not Supported) response if it wishes, for any reason, to refuse service ' +
      "of the client's major protocol version.",
    'The 505 (HTTP Version Not Supported) status code indicates that the server does not support, or refuses to ' +
      'support, the major version of HTTP that was used in the request message.',
  ]),
  requestTimeout: rests('RFC 9110 section 15.5.9', [
    'The 408 (Request Timeout) status code indicates that the server did not receive a complete request message ' +
      'within the time that it was prepared to wait.',
  ]),
  misdirected: rests('RFC 9110 section 15.5.20', [
    'The 421 (Misdirected Request) status code indicates that the request was directed at a server that is unable ' +
      'or unwilling to produce an authoritative response for the target URI.',
  ]),
  longTarget: rests('RFC 9110 sections 15.5.15 and 15.6', [
    'The 414 (URI Too Long) status code indicates that the server is refusing to service the request because the ' +
      'target URI is longer than the server is willing to interpret.',
    'The 5xx (Server Error) class of status code indicates that the server is aware that it has erred or is ' +
      'incapable of performing the requested method.',
  ]),
  contentRangeIgnored: rests('RFC 9110 section 14.4', [
    'A server MUST ignore a Content-Range header field received in a request with a method for which ' +
      'Content-Range support is not defined.',
  ]),
  ifMatch: rests('RFC 9110 sections 13.1.1 and 13.2.2', [
    'When an origin server receives a request that selects a representation and that request includes an If-Match ' +
      'header field, the origin server MUST evaluate the If-Match condition per [evaluation] prior to performing ' +
      'the method.',
    'An origin server that evaluates an If-Match condition MUST NOT perform the requested method if the condition ' +
      'evaluates to false.',
    'An origin server MUST use the strong comparison function when comparing entity tags for If-Match',
  ]),
  ifNoneMatchStar: rests('RFC 9110 section 13.1.2', [
    'An origin server that evaluates an If-None-Match condition MUST NOT perform the requested method if the ' +
      'condition evaluates to false; instead, the origin server MUST respond with either a) the 304 (Not Modified) ' +
      'status code if the request method is GET or HEAD or b) the 412 (Precondition Failed) status code for all ' +
      'other request methods.',
  ]),
  dateConditions: rests('RFC 9110 sections 13.1.3 and 13.1.4', [
    'A recipient MUST ignore If-Modified-Since if the request contains an If-None-Match header field',
    'A recipient MUST ignore the If-Modified-Since header field if the received field value is not a valid ' +
      'HTTP-date, the field value has more than one member, or if the request method is neither GET nor HEAD.',
    'A recipient MUST ignore If-Unmodified-Since if the request contains an If-Match header field',
    'A recipient MUST ignore the If-Unmodified-Since header field if the received field value is not a valid ' +
      'HTTP-date (including when the field value appears to be a list of dates).',
    'A recipient MUST ignore the If-Unmodified-Since header field if the resource does not have a modification ' +
      'date available.',
    "A recipient MUST interpret an If-Unmodified-Since field value's timestamp in terms of the origin server's clock.",
  ]),
  fieldValues: rests('RFC 9110 sections 10.1.5, 10.2.3, 11.5 and 12.4.2, RFC 9111 sections 1.2.2 and 5.2.2', [
    'a sender MUST NOT generate advertising or other nonessential information within the product identifier.',
    'A delay-seconds value is a non-negative decimal integer, representing time in seconds.',
    'For historical reasons, a sender MUST only generate the quoted-string syntax.',
    'A sender of qvalue MUST NOT generate more than three digits after the decimal point.',
    'The delta-seconds rule specifies a non-negative integer, representing time in seconds.',
    "This directive uses the token form of the argument syntax: e.g., 'max-age=5' not 'max-age=\"5\"'. A sender MUST " +
      'NOT generate the quoted-string form.',
    'servers that fail a request with a 415 status for reasons unrelated to content codings MUST NOT include the ' +
      'Accept-Encoding header field.',
  ]),
  notModifiedFields: rests(
    'RFC 9110 section 15.4.5',
    [
      'The server generating a 304 response MUST generate any of the following header fields that would have been ' +
        'sent in a 200 (OK) response to the same request:',
    ],
    '(Content-Location, Date, ETag and Vary; Cache-Control and Expires).',
  ),
} as const satisfies Record<string, Basis>

/**
 * Where the sentence is a SHOULD or a freedom: what the mock does, which a target may do otherwise (a deviation).
 * @example semanticsChoose.serverDetail.text
 */
export const semanticsChoose = {
  requestFields: chooses(
    'The mock answers a request with From, Referer, User-Agent, Accept-Charset, Accept-Language, an Accept weight ' +
      'before another parameter, or a precondition of an extension as it answers without them (RFC 9110 sections ' +
      '10.1, 12.5 and 13.1), and takes none of them as a credential; a server may refuse one with a 4xx, never ' +
      'answer otherwise.',
  ),
  cacheDirectives: chooses(
    'The mock answers every request cache directive (RFC 9111 section 5.2.1, in token or quoted form, an unknown ' +
      'one, Pragma: no-cache) as it answers without it: the origin may ignore them (RFC 9111 section 5.2.3: "A cache ' +
      'MUST ignore unrecognized cache directives").',
  ),
  serverDetail: chooses(
    'The mock sends no Server field: RFC 9110 section 10.2.4, "An origin server SHOULD NOT generate a Server header ' +
      'field containing needlessly fine-grained detail".',
  ),
  cacheFieldForms: chooses(
    'Cache fields in the forms RFC 9111 section 5.2.2 asks for: no-cache and private field names quoted ("A sender ' +
      'SHOULD NOT generate the token form"), must-understand beside no-store.',
  ),
  redirectLocation: chooses(
    'A redirect names where to go: RFC 9110 sections 15.4.2 to 15.4.9, "The server SHOULD generate a Location ' +
      'header field in the response".',
  ),
  continueAtOnce: chooses(
    'The mock answers Expect: 100-continue at once and sends no 1xx to HTTP/1.0, as RFC 9110 sections 10.1.1 and ' +
      '15.2 ask of an origin server. A server that does otherwise is reported as deviating, not failing: the duty ' +
      "falls on the HTTP server beneath the service (Puma, Werkzeug's server and PHP's built-in one breach it by " +
      'default, and no service code changes it), and section 10.1.1 lets the client go on: "such a client MAY ' +
      'proceed to send the content even if it has not yet received a response", so the answer comes, only later.',
  ),
  expectationRefused: chooses(
    'An expectation other than 100-continue may be refused with 417 or ignored (RFC 9110 section 10.1.1: "A server ' +
      'that receives an Expect field value containing a member other than 100-continue MAY respond with a 417"); ' +
      'an offer to upgrade may be ignored (section 7.8); a refusal of either with another 4xx is a deviation.',
  ),
  versionRefused: chooses(
    'The mock refuses a request line of another major version than 1 (RFC 9110 section 2.5: "A server can send a ' +
      "505 (HTTP Version Not Supported) response if it wishes, for any reason, to refuse service of the client's " +
      'major protocol version"), its 505 saying why (section 15.6.6: "The server SHOULD generate a representation ' +
      'for the 505 response that describes why that version is not supported").',
  ),
  heuristicFreshness: chooses(
    'The mock sends no Last-Modified; an answer that does states its freshness (Cache-Control or Expires): RFC 9111 ' +
      'section 4.2.2, "a cache MAY assign a heuristic expiration time when an explicit time is not specified", and a ' +
      'list read after a create must show the pet.',
  ),
  contentCoding: chooses(
    'The mock answers without a content coding; one that codes its answers does so only where Accept-Encoding ' +
      'admits it (RFC 9110 section 12.5.3: "the origin server SHOULD send a response without any content coding ' +
      'unless the identity coding is indicated as unacceptable") and names Accept-Encoding in Vary when its ' +
      'answers differ by it (section 12.5.5: "An origin server SHOULD generate a Vary header field on a cacheable ' +
      'response when it wishes that response to be selectively reused").',
  ),
  modifiedSinceEvaluated: chooses(
    'A service that sends Last-Modified answers If-Modified-Since equal to it with 304: RFC 9110 section 13.1.3, ' +
      '"the origin server SHOULD evaluate the If-Modified-Since condition".',
  ),
  rangesServed: chooses(
    'The mock serves no ranges: a Range it may ignore gets the whole answer (RFC 9110 section 14: "A server MAY ' +
      'ignore the Range header field"); egregious range sets are ignored or refused, never answered in parts ' +
      '(section 17.15).',
  ),
} as const satisfies Record<string, Basis>

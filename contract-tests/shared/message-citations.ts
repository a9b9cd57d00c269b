import type { Basis } from './exchange.ts'

const rests = (sections: string, quotes: ReadonlyArray<string>, note = ''): Basis => ({
  source: 'interface',
  text:
    `RFC 9110 ${sections} (HTTP, which the interface's "HTTP/JSON API" rests on): ` +
    quotes.map((quote) => `"${quote}"`).join(' and ') +
    (note ? ` ${note}` : ''),
})

/**
 * The sentences of RFC 9110 sections 2 to 9 (what HTTP means: URIs, fields, messages, connections, representations,
 * methods) that the wire and field checks' violations rest on, quoted word for word with their section: a MUST that
 * binds an origin server or a recipient, or a rule stated as fact.
 * @example messageSays.contentLengthOn204.text // 'RFC 9110 section 8.6 (…): "A server MUST NOT send …'
 */
export const messageSays = {
  contentLengthOn204: rests('section 8.6', [
    'A server MUST NOT send a Content-Length header field in any response with a status code of 1xx ' +
      '(Informational) or 204 (No Content).',
  ]),
  connectionOptions: rests('section 7.6.1', [
    'When a field aside from Connection is used to supply control information for or about the current connection, ' +
      'the sender MUST list the corresponding field name within the Connection header field.',
    'A sender MUST NOT send a connection option corresponding to a field that is intended for all recipients of ' +
      'the content.',
  ]),
  upgradeFields: rests('section 7.8', [
    'A server that sends a 101 (Switching Protocols) response MUST send an Upgrade header field to indicate the new ' +
      'protocol(s) to which the connection is being switched',
    'A server that sends a 426 (Upgrade Required) response MUST send an Upgrade header field to indicate the ' +
      'acceptable protocols, in order of descending preference.',
    'A sender of Upgrade MUST also send an "Upgrade" connection option in the Connection header field',
  ]),
  upgradeIgnored: rests('section 7.8', [
    "A server MUST NOT switch to a protocol that was not indicated by the client in the corresponding request's " +
      'Upgrade header field.',
    'A server MUST NOT switch protocols unless the received message semantics can be honored by the new protocol',
    'A server that receives an Upgrade header field in an HTTP/1.0 request MUST ignore that Upgrade field.',
    'If a server receives both an Upgrade and an Expect header field with the "100-continue" expectation, the server ' +
      'MUST send a 100 (Continue) response before sending a 101 (Switching Protocols) response.',
  ]),
  lastModifiedNotFuture: rests('section 8.8.2.1', [
    'An origin server with a clock (as defined in [http.date]) MUST NOT generate a Last-Modified date that is later ' +
      "than the server's time of message origination (Date, [field.date]).",
  ]),
  singletonFields: rests('section 5.3', [
    'a sender MUST NOT generate multiple field lines with the same name in a message (whether in the headers or ' +
      'trailers) or append a field line when a field line of the same name already exists in the message, unless ' +
      "that field's definition allows multiple field line values to be recombined as a comma-separated list",
  ]),
  version: rests('section 6.2', ['A server MUST NOT send a version to which it is not conformant.']),
  trailerFields: rests('section 6.5.1', [
    "A sender MUST NOT generate a trailer field unless the sender knows the corresponding header field name's " +
      'definition permits the field to be sent in trailers.',
    'A recipient MUST NOT merge a trailer field into a header section unless the recipient understands the ' +
      'corresponding header field definition and that definition explicitly permits and defines how trailer field ' +
      'values can be safely merged.',
  ]),
  fieldValues: rests('section 5.5', [
    'a field parsing implementation MUST exclude such whitespace prior to evaluating the field value.',
    'a recipient of CR, LF, or NUL within a field value MUST either reject the message or replace each of those ' +
      'characters with SP before further processing or forwarding of that message.',
  ]),
  equivalentWireForms: rests(
    'sections 2.1, 4.3.1, 5.2, 5.3, 5.6.5 and 7.2',
    [
      'quoted literals are case-insensitive',
      'The scheme and host are case-insensitive and normally provided in lowercase',
      'a recipient MAY combine multiple field lines within a field section that have the same field name into one ' +
        'field line',
      'The order in which field lines with differing field names are received in a section is not significant.',
    ],
    'A form of a request HTTP makes equivalent to the plain one asks for the same answer; a 401 says the key was lost.',
  ),
  wholeHeaderSection: rests('section 5.3', [
    'A server MUST NOT apply a request to the target resource until it receives the entire request header section',
  ]),
  fieldsTooLarge: rests('section 5.4', [
    'A server that receives a request header field line, field value, or set of fields larger than it wishes to ' +
      'process MUST respond with an appropriate 4xx (Client Error) status code.',
  ]),
  largeContentLength: rests('section 8.6', [
    'a recipient MUST anticipate potentially large decimal numerals and prevent parsing errors due to integer ' +
      'conversion overflows or precision loss due to integer conversion',
  ]),
  targetValidity: rests('sections 4.2.1, 4.2.2 and 7.4', [
    'A sender MUST NOT generate an "http" URI with an empty host identifier. A recipient that processes such a URI ' +
      'reference MUST reject it as invalid.',
    'Unless the connection is from a trusted gateway, an origin server MUST reject a request if any scheme-specific ' +
      'requirements for the target URI are not met.',
  ]),
  connectRefused: rests('section 9.3.6', [
    'A server MUST reject a CONNECT request that targets an empty or invalid port number, typically by responding ' +
      'with a 400 (Bad Request) status code.',
  ]),
  safeMethods: rests('section 9.2.1', [
    'If the purpose of such a resource is to perform an unsafe action, then the resource owner MUST disable or ' +
      'disallow that action when it is accessed using a safe request method.',
  ]),
  certificate: rests('sections 4.3.3 and 4.3.4', [
    'The "https" scheme associates authority based on the ability of a server to use the private key corresponding ' +
      'to a certificate that the client considers to be trustworthy for the identified origin server.',
    "To establish a secured connection to dereference a URI, a client MUST verify that the service's identity is an " +
      "acceptable match for the URI's origin server.",
    'A reference identity of type CN-ID MUST NOT be used by clients.',
  ]),
  headMetadata: rests('section 8.2', [
    'In a response to a HEAD request, the representation header fields describe the representation data that would ' +
      'have been enclosed in the content if the same request had been a GET.',
  ]),
  contentLocationInRequest: rests('section 8.7', [
    'An origin server that receives a Content-Location field in a request message MUST treat the information as ' +
      'transitory request context rather than as metadata to be saved verbatim as part of the representation.',
    'However, an origin server MUST NOT use such context information to alter the request semantics.',
  ]),
} as const satisfies Record<string, Basis>

import type { Basis } from './exchange.ts'

const says = (text: string): Basis => ({ source: 'interface', text })
const chooses = (text: string): Basis => ({ source: 'x-mock-behaviour', text })

/**
 * The sentences of the interface document (`pet-store-interface.md`) the suite's violations rest on,
 * quoted word for word. A check that cannot quote one here is not a violation.
 * @example interfaceSays.authentication.text // '401 with an Error body when the key is missing or invalid.'
 */
export const interfaceSays = {
  authentication: says('401 with an Error body when the key is missing or invalid.'),
  everyOperation: says('Every operation requires a bearer credential (see Authentication).'),
  jsonBodies: says('Request and response bodies are `application/json`.'),
  responses: says(
    'Each endpoint\'s "Responses" table, e.g. GET /pets: "200 | JSON array of Pet." and ' +
      '"401 | Error (missing or invalid API key)."',
  ),
  errorsListed: says(
    'Errors: "400 | Request body is missing required fields or has invalid values.", ' +
      '"401 | API key missing or invalid.", "404 | The requested animal does not exist." (no 5xx is among them)',
  ),
  errorBody: says(
    'All error bodies use the Error object (`code`, `message`, `status`). The `status` field repeats the HTTP status.',
  ),
  bareArray: says(
    'A list of animals is a JSON array of Pet objects (the response is the bare array, with no wrapping object).',
  ),
  limit: says('limit | integer | no | minimum 1, maximum 100, default 20; maximum number of animals returned.'),
  statusFilter: says('status | PetStatus | no | Returns only animals with this availability status.'),
  created: says('201 | Pet (the created animal, including assigned `id`).'),
  uniqueId: says('Unique identifier assigned by the service on creation.'),
  invalidBody: says('400 | Error (body missing required fields or containing invalid values).'),
  readById: says('Returns one animal by identifier.'),
  categoryIdInt64: says('categoryId | integer | int64 | yes | Identifier of the category the animal belongs to.'),
  newPetFields: says(
    'NewPet: name | string | yes; categoryId | integer | int64 | yes; status | PetStatus | no. ' +
      'Pet: All fields of NewPet, plus id.',
  ),
  notFound: says('404 | Error (the animal could not be found).'),
  petIdInteger: says('Path parameter: `petId`, integer (int64), required.'),
  statusEnum: says('status | PetStatus | - | no | One of the allowed values above. No default is stated.'),
  message: says(
    'Response fields: `id` (string), `message` (string), `status` (string; the example shows that a newly ' +
      'accepted message may only be queued), `createdAt` (string, ISO 8601 timestamp).',
  ),
  invalidMessage: says('400 when the JSON is invalid or `message` is missing.'),
  createAddsOne: says('POST /pets: "Adds an animal." and "201 | Pet (the created animal, including assigned `id`)."'),
  refusedAddsNothing: says(
    '"400 | Error (body missing required fields or containing invalid values)." and "401 with an Error body when ' +
      'the key is missing or invalid." (RFC 9110 sections 15.5.1 and 15.5.2: a request refused so is not applied)',
  ),
  deprecated: says('This operation is deprecated and is to be removed on 5 December 2030.'),
} as const satisfies Record<string, Basis>

const rests = (rfc: string, quotes: ReadonlyArray<string>, note = ''): Basis =>
  says(
    `${rfc} (HTTP and JSON, which the interface's "HTTP/JSON API" rests on): ` +
      quotes.map((quote) => `"${quote}"`).join(' and ') +
      (note ? ` ${note}` : ''),
  )

/**
 * The sentences of the standards the interface names (it is "an HTTP/JSON API": RFC 9110, 9111 and 9112 for
 * HTTP, RFC 8259 for JSON) that a violation rests on where the interface itself says no more, quoted word for
 * word with their section: a MUST, or what a status code means, never a SHOULD.
 * @example standardSays.headLikeGet.text // 'RFC 9110 section 9.3.2 (…): "The HEAD method is identical to GET …'
 */
export const standardSays = {
  locationOfCreated: rests('RFC 9110 section 15.3.2', [
    'The primary resource created by the request is identified by either a Location header field in the ' +
      'response or, if no Location header field is received, by the target URI.',
  ]),
  allowOn405: rests('RFC 9110 section 15.5.6', [
    'The origin server MUST generate an Allow header field in a 405 response containing a list of the target ' +
      "resource's currently supported methods.",
  ]),
  challenge: rests('RFC 9110 section 11.6.1', [
    'A server generating a 401 (Unauthorized) response MUST send a WWW-Authenticate header field containing at ' +
      'least one challenge.',
  ]),
  headLikeGet: rests(
    'RFC 9110 section 9.3.2',
    ['The HEAD method is identical to GET except that the server MUST NOT send content in the response.'],
    'A HEAD a server answers is the GET it names: the same status, the key asked for as GET asks for it.',
  ),
  notModified: rests('RFC 9110 section 15.4.5', [
    'The 304 (Not Modified) status code indicates that a conditional GET or HEAD request has been received and ' +
      'would have resulted in a 200 (OK) response if it were not for the fact that the condition evaluated to false.',
  ]),
  chunked: rests('RFC 9112 section 6.1', [
    'A recipient MUST be able to parse the chunked transfer coding because it plays a crucial role in framing ' +
      'messages when the content size is not known in advance.',
  ]),
  jsonUtf8: rests('RFC 8259 section 8.1', [
    'JSON text exchanged between systems that are not part of a closed ecosystem MUST be encoded using UTF-8',
    'Implementations MUST NOT add a byte order mark (U+FEFF) to the beginning of a networked-transmitted JSON text.',
  ]),
} as const satisfies Record<string, Basis>

/**
 * The choices our spec makes where the interface is silent (`x-mock-behaviour` in spec/openapi.yaml):
 * what the suite's deviations rest on. A target may choose otherwise and stay conformant.
 * @example specChooses.invalidQueryRefused.source // 'x-mock-behaviour'
 */
export const specChooses = {
  invalidQueryRefused: chooses(
    'spec/openapi.yaml components.responses.InvalidParameter: a malformed or out-of-range query parameter ' +
      '(limit, status) answers 400 invalid_parameter.',
  ),
  invalidPetIdRefused: chooses(
    'spec/openapi.yaml components.responses.InvalidParameter: a petId that is not an int64 integer ' +
      'answers 400 invalid_parameter.',
  ),
  mediaTypeRefused: chooses(
    'spec/openapi.yaml info.description: a body that is not application/json answers 400 unsupported_media_type.',
  ),
  bodyLimitAnswered: chooses(
    'spec/openapi.yaml components.responses.PayloadTooLarge: "The body is larger than 1 MB. The interface sets no ' +
      'size limit; the mock does." A body over the limit is answered (413 payload_too_large), never cut off.',
  ),
  requestFormAnswered: chooses(
    'The mock answers a request target in another form (a trailing slash) itself, or with 404 route_not_found ' +
      '(spec/openapi.yaml info.description); it never answers with a redirect.',
  ),
  messageAccepted: chooses('spec/openapi.yaml POST /messages 2XX: "the mock answers 202".'),
  messageQueued: chooses('spec/openapi.yaml Message.status: "The mock answers `queued`".'),
  noDefaultStatus: chooses(
    'spec/openapi.yaml NewPet: "No default `status` is stated."; a pet created without status is returned without one.',
  ),
  anyNewPetAccepted: chooses(
    'spec/openapi.yaml NewPet: any valid NewPet is stored (201), whatever its categoryId or fields beyond the schema.',
  ),
  clientIdIgnored: chooses('A client-sent `id` is ignored: the pet is created (201) with an id the service assigns.'),
  bearerAnyCase: chooses('The bearer scheme is matched in any case, as RFC 9110 section 11.1 has it.'),
  methodNotAllowed: chooses(
    'spec/openapi.yaml info.description: "a known path with a method it does not have answers 405 ' +
      '`method_not_allowed` with an `Allow` header" (RFC 9110 section 15.5.6).',
  ),
  parserRefusalIsError: chooses(
    'spec/openapi.yaml info.description: "from the standalone server only, for requests its HTTP parser refuses: ' +
      '`bad_request` (400)": an Error body even for a request no application reads.',
  ),
  nonUtf8Refused: chooses(
    'spec/openapi.yaml info.description: `invalid_json` (400); the mock gives it to a request body whose bytes ' +
      'are not UTF-8 (RFC 8259 section 8.1) rather than reading them as U+FFFD.',
  ),
  anyStringAccepted: chooses(
    'spec/openapi.yaml NewPet and NewMessage: a string field takes any string; the mock stores and echoes it ' +
      'exactly, whatever characters it holds.',
  ),
  headServed: chooses(
    'The mock answers HEAD wherever GET is served, as RFC 9110 section 9.1 asks of general-purpose servers ' +
      '("All general-purpose servers MUST support the methods GET and HEAD."); the interface lists no HEAD, so a ' +
      'Pet Store may refuse it with 405 or 501.',
  ),
  lenientJsonParser: chooses(
    'spec/openapi.yaml info.description: a body that is not JSON (RFC 8259) answers 400 invalid_json. RFC 8259 ' +
      'section 9: "A JSON parser MAY accept non-JSON forms or extensions."; createPet promises 400 only for a body ' +
      '"missing required fields or containing invalid values".',
  ),
  noFreshLists: chooses(
    'The mock marks no list answer fresh for longer than it stays so: a list changes with every create. RFC 9111 ' +
      'section 4.2 ("A "fresh" response is one whose age has not yet exceeded its freshness lifetime.") binds ' +
      'caches, not the origin server that assigns the lifetime.',
  ),
  chunkedTaken: chooses(
    'The mock takes a chunked request body as it takes one with Content-Length. RFC 9112 section 6.3: "A server ' +
      'MAY reject a request that contains a message body but not a Content-Length by responding with 411 ' +
      '(Length Required)."',
  ),
  charsetLabel: chooses(
    'The mock labels JSON application/json, with no charset or charset=utf-8. RFC 8259 section 11: "No ' +
      "'charset' parameter is defined for this registration. Adding one really has no effect on compliant " +
      'recipients."',
  ),
  authenticationFirst: chooses(
    'The mock checks the key before anything else: a request without a valid key gets 401 whatever else is ' +
      'wrong with it. The interface names 401 and 400 without saying which comes first when both apply (a ' +
      'framework that parses the body before its authentication answers 400); never a 2xx.',
  ),
  bearerChallenge: chooses(
    'The mock challenges with `WWW-Authenticate: Bearer realm="petstore"`: the interface\'s scheme is "HTTP ' +
      'bearer", and RFC 6750 section 3 has a resource server challenge with the auth-scheme "Bearer".',
  ),
  rfc3339Timestamps: chooses(
    'spec/openapi.yaml Message.createdAt: `format: date-time` (RFC 3339 section 5.6, an offset always); the ' +
      'interface asks for an "ISO 8601 timestamp", which may be local time or in the basic form.',
  ),
  errorBodyEverywhere: chooses(
    'spec/openapi.yaml info.description: every error the mock answers is an Error in application/json, also those ' +
      'the interface does not list (405, 404 for an unknown path, 413, 415); the interface states its Error of the ' +
      'error responses it lists and says "error responses other than those listed: not shown".',
  ),
  deprecationHeaders: chooses(
    'spec/openapi.yaml GET /pets/{petId}: "The mock sends `Deprecation` (RFC 9745) and `Sunset` (RFC 8594) headers."',
  ),
} as const satisfies Record<string, Basis>

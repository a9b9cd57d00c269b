import { readBody, startHttpVariant, writeAnswer } from './http-variant.ts'
import { type StrictWireDefects, startStrictWireServer } from './strict-wire-server.ts'
import type { WireVariant } from './wire-faulty-variants.ts'

const isList = (method: string | undefined, url = ''): boolean => method === 'GET' && /^\/v1\/pets(\?|$)/.test(url)

/** The hand-written strict server of `strict-wire-server.ts` with one defect. */
const strict = (name: string, caughtBy: string, description: string, defect: keyof StrictWireDefects): WireVariant => ({
  name,
  caughtBy,
  description,
  start: () => startStrictWireServer({ [defect]: true }),
})

/**
 * One realistic defect per row of RFC 9112 (docs/ledger/rfc9112.tsv) that only bytes on the wire show, each at the
 * seam where an independent implementation would have it: node:http fronts for what a handler or middleware does to
 * an answer node writes, and the hand-written strict server with one change for what its own parser and writer do.
 */
export const rfc9112FaultyVariants: ReadonlyArray<WireVariant> = [
  {
    name: 'list-framed-twice',
    description:
      'its list handler sets Transfer-Encoding: chunked to stream the page while a middleware sets the ' +
      "Content-Length of the page too: node writes both, and fetch's parser refuses the answer",
    caughtBy: 'answer_on_wire',
    start: () =>
      startHttpVariant({
        name: 'list-framed-twice',
        description: 'both Transfer-Encoding and Content-Length on list answers',
        handle: async ({ request, response, answer }) => {
          const got = await answer(await readBody(request))
          if (!isList(request.method, request.url)) return writeAnswer(response, got)
          const page = new Uint8Array(await got.arrayBuffer())
          await writeAnswer(response, got, page, {
            'content-length': String(page.byteLength),
            'transfer-encoding': 'chunked',
          })
        },
      }),
  },
  strict(
    'status-line-without-space',
    'answer_grammar',
    'its hand-written writer builds the status-line as "HTTP/1.1 " and the status code, the reason-phrase left out ' +
      'and the SP before it with it',
    'statusWithoutSpace',
  ),
  strict(
    'answer-lines-lf',
    'answer_grammar',
    "its hand-written writer joins its head's lines with LF alone",
    'lfLineEnds',
  ),
  strict(
    'first-field-indented',
    'answer_grammar',
    'its head template sets the first field line on an indented line of its own: white space between the ' +
      'status-line and the first field',
    'firstFieldIndented',
  ),
  strict(
    'long-values-folded',
    'answer_grammar',
    'its header writer folds a value longer than 30 characters onto a continuation line, as mail headers are folded',
    'foldsLongValues',
  ),
  strict(
    'field-value-bare-cr',
    'answer_grammar',
    'it adds x-powered-by from a text file saved with CRLF line ends, the CR kept: a bare CR before the CRLF',
    'bareCrValue',
  ),
  strict(
    'errors-coded-gzip',
    'answer_grammar',
    'its error handler gzips a 401 and says so in Transfer-Encoding (meaning Content-Encoding), no chunked after it, ' +
      'and keeps the connection',
    'gzipCodedErrors',
  ),
  strict(
    'options-204-chunked',
    'answer_grammar',
    'its OPTIONS handler answers 204 through its streaming writer, which always says Transfer-Encoding: chunked',
    'chunked204',
  ),
  strict(
    'list-chunked-twice',
    'response_schema_conformance',
    'its list handler streams the page through a writer that chunks it, into a response the server chunks again',
    'listChunkedTwice',
  ),
  strict(
    'closes-without-saying',
    'close_announced',
    'its hand-written server closes every connection after one answer, its answers saying Connection: keep-alive ' +
      '(a default it never updates)',
    'closesUnsaid',
  ),
  strict(
    'says-close-keeps-reading',
    'close_announced',
    'its hand-written server says Connection: close to an HTTP/1.0 request, then reads and answers what follows on ' +
      'the connection',
    'saysCloseKeepsReading',
  ),
  strict(
    'method-case-skips-key',
    'method_case',
    'its key filter guards the methods by their exact names (GET, POST), while its router takes a method in any ' +
      'case: "get /v1/pets" without a key is served',
    'methodCaseBypassesKey',
  ),
  strict(
    'field-lines-trimmed',
    'field_line_forms',
    'its hand-written parser splits each field line at its first colon and trims both sides: a line that begins ' +
      'with white space, a folded line and "authorization :" are each read as the key',
    'trimsFieldLines',
  ),
  strict(
    'bare-cr-ends-line',
    'field_line_forms',
    'its hand-written parser splits the head into lines at a CR, an LF or both: a bare CR starts a field line',
    'bareCrEndsLine',
  ),
  strict(
    'head-measured-as-text',
    'request_octets',
    'its hand-written parser finds where the body starts by the length of the head decoded as UTF-8 text: octets ' +
      'past US-ASCII move it, and the rest of the connection is read from the wrong place',
    'headMeasuredAsText',
  ),
  strict(
    'chunked-by-exact-name',
    'chunked_forms',
    'its body reader takes a body as chunked only when Transfer-Encoding is exactly "chunked": "CHUNKED" is read ' +
      'as no body, and the chunks as the next request',
    'chunkedByExactName',
  ),
  strict(
    'chunk-extension-throws',
    'chunked_forms',
    'its dechunker parses a size line as hexadecimal digits alone: a chunk extension throws, 500',
    'chunkExtensionThrows',
  ),
  strict(
    'trailer-left-unread',
    'chunked_forms',
    'its dechunker stops after the last chunk: a trailer section is read as the next request',
    'trailerUnread',
  ),
  strict(
    'trailer-merged',
    'chunked_forms',
    'its dechunker merges trailer fields into the header fields: a key sent only as a trailer is the key',
    'mergesTrailers',
  ),
  strict(
    'chunk-size-in-32-bits',
    'body_framing_forms',
    'its dechunker keeps a chunk size in 32 bits: 2^32 plus n is read as n, and a chunk cut short acted on',
    'chunkSizeIn32Bits',
  ),
  strict(
    'http10-coding-by-length',
    'body_framing_forms',
    'its parser reads an HTTP/1.0 request with Transfer-Encoding by its Content-Length and keeps the connection: ' +
      'the rest of the chunked body is read as the next request',
    'http10CodingByLength',
  ),
  strict(
    'chunked-anywhere',
    'body_framing_forms',
    'its parser reads a body as chunked when any of its codings is chunked: "chunked, identity" is acted on',
    'chunkedAnywhere',
  ),
  strict(
    'first-length-wins',
    'request_framing',
    'its parser reads a body by the first of two Content-Length fields that differ',
    'firstLengthWins',
  ),
  strict(
    'acts-on-cut-body',
    'request_framing',
    "its hand-written reader takes a body as whatever came before the client's half-close, whatever the " +
      'Content-Length said',
    'actsOnCutBody',
  ),
  strict(
    'refuses-before-body',
    'request_framing',
    'its key filter answers 401 before the body is read and keeps the connection: the body is read as the next ' +
      'request',
    'refusesBeforeBody',
  ),
  strict(
    'request-line-by-space',
    'request_line_forms',
    'its hand-written parser splits the request-line at each SP and reads the version as the third part: two SP ' +
      'in a row throw, 500',
    'requestLineBySpace',
  ),
  strict(
    'target-column-2048',
    'long_request_target',
    'its access log stores each request-target in a column of 2,048 characters: a longer one throws, 500',
    'targetColumn2048',
  ),
  strict(
    'tenant-by-host',
    'absolute_form_authority',
    "its router picks the tenant's store by the Host field, an absolute-form target's authority ignored: a Host " +
      "naming another tenant reads that tenant's pets",
    'tenantByHost',
  ),
]

import type { InterimHead, RawAnswer } from '../shared/contract-caller.ts'
import { fieldValues } from '../shared/field-values.ts'

// Read leniently, as RFC 9112 section 2.2 lets a recipient: the version in any case, any whitespace after it, no SP
// before an absent reason-phrase. How the head breaks the grammar is judged from `head` (`answerHeadFaults`).
const statusLine = /^(HTTP\/\d\.\d)[ \t]+(\d{3})(?:[ \t](.*))?$/i

/**
 * The answers read so far from what a server sent, one per request method in `methods` (1xx interim ones kept with
 * the final answer they precede, and those no final answer followed yet in `pendingInterim`), framed as RFC 9112
 * section 6.3 says: none after HEAD, a 1xx, 204 or 304;
 * `Transfer-Encoding` with chunked last, decoded; else a valid `Content-Length`; else up to the close. `rest` is
 * what follows the last whole answer and parses as none (yet). `closed`: the server has closed, so a close-delimited
 * answer is whole and one still short of its length is not; `final`: no more bytes will be read (closed, or the read
 * gave up waiting), so an answer delimited by the close is given as far as it came, whole only if closed. A head is
 * read as section 2.2 lets a recipient read one: a bare LF ends a line, a line that begins with white space continues
 * the field before it; each answer keeps its head as it came (`head`) for a judge of its grammar.
 * @example parseRawAnswers(Buffer.from('HTTP/1.1 204 No Content\r\n\r\n'), ['GET'], false).answers[0]?.status // 204
 */
export function parseRawAnswers(
  bytes: Buffer,
  methods: ReadonlyArray<string>,
  closed: boolean,
  final = closed,
): { answers: Array<RawAnswer>; rest: Buffer; pendingInterim: Array<InterimHead> } {
  const answers: Array<RawAnswer> = []
  let at = 0
  let interim: Array<number> = []
  let interimHeads: Array<InterimHead> = []
  while (at < bytes.length) {
    const method = methods[answers.length] ?? 'GET'
    const length = headLength(bytes, at)
    if (length === undefined) break
    const head = bytes.toString('latin1', at, at + length)
    const [first = '', ...lines] = head.split(/\r?\n/).slice(0, -2)
    const status = statusLine.exec(first.replace(/\r$/, ''))
    if (!status) break
    const code = Number(status[2])
    const fields = fieldsOf(lines)
    const version = status[1] as string
    const parsed = { version, status: code, reason: status[3] ?? '', head, fields, interim, interimHeads }
    if (code >= 100 && code < 200) {
      interim = [...interim, code]
      interimHeads = [...interimHeads, { status: code, fields }]
      at += length
      continue
    }
    const body = readBody(bytes, at + length, method, code, fields, { closed, final })
    if (!body) break
    answers.push({ ...parsed, ...body.answer })
    interim = []
    interimHeads = []
    at = body.next
    if (!body.answer.complete) break
  }
  return { answers, rest: bytes.subarray(at), pendingInterim: interimHeads }
}

/** The field lines of a section (a trailer section's), each its name and its value without the white space around. */
function fieldLines(section: string): Array<[string, string]> {
  if (section === '') return []
  return section.split('\r\n').map((line): [string, string] => {
    const colon = line.indexOf(':')
    return colon < 0 ? [line, ''] : [line.slice(0, colon), line.slice(colon + 1).trim()]
  })
}

/**
 * How many bytes the head that starts at `start` takes, up to and with its empty line (CRLF or a bare LF for each
 * line end); undefined until it has come whole.
 */
function headLength(bytes: Buffer, start: number): number | undefined {
  for (let lf = bytes.indexOf(0x0a, start); lf >= 0; lf = bytes.indexOf(0x0a, lf + 1)) {
    if (bytes[lf + 1] === 0x0a) return lf + 2 - start
    if (bytes[lf + 1] === 0x0d && bytes[lf + 2] === 0x0a) return lf + 3 - start
  }
  return undefined
}

/** Field lines as a recipient may read them: a line that begins with white space continues the one before it. */
function fieldsOf(lines: ReadonlyArray<string>): Array<[string, string]> {
  const fields: Array<[string, string]> = []
  for (const line of lines) {
    const last = fields.at(-1)
    if (/^[ \t]/.test(line)) {
      if (last) last[1] = `${last[1]} ${line.trim()}`.trim()
      continue
    }
    const colon = line.indexOf(':')
    fields.push(colon < 0 ? [line, ''] : [line.slice(0, colon).trimEnd(), line.slice(colon + 1).trim()])
  }
  return fields
}

export { fieldValues } from '../shared/field-values.ts'

type Body = { answer: Pick<RawAnswer, 'framing' | 'content' | 'complete' | 'trailers'>; next: number }

function readBody(
  bytes: Buffer,
  start: number,
  method: string,
  status: number,
  fields: ReadonlyArray<readonly [string, string]>,
  { closed, final }: { closed: boolean; final: boolean },
): Body | undefined {
  // RFC 9112 section 6.3: none after HEAD, a 204 or 304, and a 2xx to CONNECT (a tunnel from the empty line on).
  if (method === 'HEAD' || status === 204 || status === 304 || (method === 'CONNECT' && status >= 200 && status < 300))
    return { answer: { framing: 'none', content: Buffer.alloc(0), complete: true }, next: start }
  const codings = fieldValues(fields, 'transfer-encoding').join(',').split(',')
  const lengths = fieldValues(fields, 'content-length')
  if (codings.at(-1)?.trim().toLowerCase() === 'chunked') return readChunked(bytes, start, closed)
  if (codings.join('').trim() === '' && lengths.length > 0) {
    const values = new Set(
      lengths
        .join(',')
        .split(',')
        .map((value) => value.trim()),
    )
    const [only] = values
    if (values.size === 1 && only !== undefined && /^\d{1,15}$/.test(only)) {
      const length = Number(only)
      const complete = bytes.length - start >= length
      if (!complete && !closed) return undefined
      const content = bytes.subarray(start, start + length)
      return { answer: { framing: 'content-length', content, complete }, next: start + content.length }
    }
  }
  if (!final) return undefined
  return { answer: { framing: 'close', content: bytes.subarray(start), complete: closed }, next: bytes.length }
}

/** Decodes chunked content (RFC 9112 section 7.1), its trailer section skipped. */
function readChunked(bytes: Buffer, start: number, closed: boolean): Body | undefined {
  const parts: Array<Buffer> = []
  let at = start
  for (;;) {
    const lineEnd = bytes.indexOf('\r\n', at)
    if (lineEnd < 0) break
    const size = Number.parseInt(bytes.subarray(at, lineEnd).toString('latin1').split(';')[0] ?? '', 16)
    if (!Number.isInteger(size) || size < 0) break
    if (size === 0) {
      const trailerEnd = bytes.indexOf('\r\n\r\n', lineEnd)
      const end = bytes.subarray(lineEnd, lineEnd + 4).equals(Buffer.from('\r\n\r\n')) ? lineEnd : trailerEnd
      if (end < 0) break
      const trailers = fieldLines(bytes.subarray(lineEnd + 2, end).toString('latin1'))
      const answer = { framing: 'chunked' as const, content: Buffer.concat(parts), complete: true, trailers }
      return { answer, next: end + 4 }
    }
    if (bytes.length < lineEnd + 2 + size + 2) break
    parts.push(bytes.subarray(lineEnd + 2, lineEnd + 2 + size))
    at = lineEnd + 2 + size + 2
  }
  if (!closed) return undefined
  return { answer: { framing: 'chunked', content: Buffer.concat(parts), complete: false }, next: bytes.length }
}

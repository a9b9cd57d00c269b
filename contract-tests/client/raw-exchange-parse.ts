import type { RawAnswer } from '../shared/contract-caller.ts'

const statusLine = /^(HTTP\/\d\.\d) (\d{3})(?: (.*))?$/

/**
 * The answers read so far from what a server sent, one per request method in `methods` (1xx interim ones kept with
 * the final answer they precede), framed as RFC 9112 section 6.3 says: none after HEAD, a 1xx, 204 or 304;
 * `Transfer-Encoding` with chunked last, decoded; else a valid `Content-Length`; else up to the close. `rest` is
 * what follows the last whole answer and parses as none (yet). `closed`: the server has closed, so a close-delimited
 * answer is whole and one still short of its length is not.
 * @example parseRawAnswers(Buffer.from('HTTP/1.1 204 No Content\r\n\r\n'), ['GET'], false).answers[0]?.status // 204
 */
export function parseRawAnswers(
  bytes: Buffer,
  methods: ReadonlyArray<string>,
  closed: boolean,
): { answers: Array<RawAnswer>; rest: Buffer } {
  const answers: Array<RawAnswer> = []
  let at = 0
  let interim: Array<number> = []
  while (at < bytes.length) {
    const method = methods[answers.length] ?? 'GET'
    const end = bytes.indexOf('\r\n\r\n', at)
    if (end < 0) break
    const [first = '', ...lines] = bytes.subarray(at, end).toString('latin1').split('\r\n')
    const status = statusLine.exec(first)
    if (!status) break
    const code = Number(status[2])
    const fields = lines.map((line): [string, string] => {
      const colon = line.indexOf(':')
      return colon < 0 ? [line, ''] : [line.slice(0, colon), line.slice(colon + 1).trim()]
    })
    const head = { version: status[1] as string, status: code, reason: status[3] ?? '', fields, interim }
    if (code >= 100 && code < 200) {
      interim = [...interim, code]
      at = end + 4
      continue
    }
    const body = readBody(bytes, end + 4, method, code, fields, closed)
    if (!body) break
    answers.push({ ...head, ...body.answer })
    interim = []
    at = body.next
    if (!body.answer.complete) break
  }
  return { answers, rest: bytes.subarray(at) }
}

/** The field's values, every line of that name (in any case) in order. */
export function fieldValues(fields: ReadonlyArray<readonly [string, string]>, name: string): Array<string> {
  return fields.filter(([field]) => field.toLowerCase() === name).map(([, value]) => value)
}

type Body = { answer: Pick<RawAnswer, 'framing' | 'content' | 'complete'>; next: number }

function readBody(
  bytes: Buffer,
  start: number,
  method: string,
  status: number,
  fields: ReadonlyArray<readonly [string, string]>,
  closed: boolean,
): Body | undefined {
  if (method === 'HEAD' || status === 204 || status === 304)
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
  if (!closed) return undefined
  return { answer: { framing: 'close', content: bytes.subarray(start), complete: true }, next: bytes.length }
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
      return { answer: { framing: 'chunked', content: Buffer.concat(parts), complete: true }, next: end + 4 }
    }
    if (bytes.length < lineEnd + 2 + size + 2) break
    parts.push(bytes.subarray(lineEnd + 2, lineEnd + 2 + size))
    at = lineEnd + 2 + size + 2
  }
  if (!closed) return undefined
  return { answer: { framing: 'chunked', content: Buffer.concat(parts), complete: false }, next: bytes.length }
}

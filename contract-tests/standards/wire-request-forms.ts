import type { OperationSpec } from '../../spec/operations.ts'
import type { WrittenParts } from '../shared/contract-caller.ts'

/** One form of an operation's request written on the wire, and how its answer is judged. */
export interface WireForm {
  /** What the form changes, for messages: `Host in upper case`. */
  what: string
  /** Whether the form applies to the operation's request (to this URL, where the form reads it); default always. */
  applies?: (operation: OperationSpec, url?: URL) => boolean
  /** The form: the written request (to `url`) rewritten. */
  write: (parts: WrittenParts, url: URL) => WrittenParts
  /** A form of the key itself: without a valid key it is sent with an unknown key in the same form. */
  credential?: boolean
  /** Answers besides the plain request's that are no finding: what the sentence lets a server answer instead. */
  refusals?: ReadonlyArray<number>
  /** The form asks the server to close the connection after its answer (a "close" connection option). */
  closes?: boolean
}

type Field = [string, string]

const is =
  (name: string) =>
  ([field]: Field) =>
    field.toLowerCase() === name
const hasBody = (operation: OperationSpec) => operation.sample.json !== undefined
const withoutBody = (operation: OperationSpec) => !hasBody(operation)

/** The parts with each line of field `name` given the value `change` makes of it. */
const edit = (parts: WrittenParts, name: string, change: (value: string) => string): WrittenParts => ({
  ...parts,
  fields: parts.fields.map((field): Field => (is(name)(field) ? [field[0], change(field[1])] : field)),
})

/** The parts with more field lines, written before the framing and connection fields. */
const add = (parts: WrittenParts, ...more: Array<Field>): WrittenParts => ({
  ...parts,
  fields: [
    ...parts.fields.filter((field) => !is('connection')(field)),
    ...more,
    ...parts.fields.filter(is('connection')),
  ],
})

/** A body framed by Content-Length, framed chunked instead, `coding` naming the transfer coding. */
function chunked(parts: WrittenParts, coding: string, trailer: ReadonlyArray<Field> = []): WrittenParts {
  const head = Buffer.from(`${parts.content.byteLength.toString(16)}\r\n`, 'latin1')
  const end = `\r\n0\r\n${trailer.map(([name, value]) => `${name}: ${value}\r\n`).join('')}\r\n`
  return {
    ...parts,
    fields: [...parts.fields.filter((field) => !is('content-length')(field)), ['transfer-encoding', coding]],
    content: Buffer.concat([head, parts.content, Buffer.from(end, 'latin1')]),
  }
}

const defaultPorts: Readonly<Record<string, string>> = { 'http:': '80', 'https:': '443' }

/** An IMF-fixdate a day before now: a Date a client's clock may well send. */
const dayOld = () => new Date(Date.now() - 86_400_000).toUTCString()

/**
 * Forms of a request RFC 9110 makes equivalent to the plain one, each written on the wire: the same answer is asked
 * for, the key asked for as the plain request asks for it. Each names the section that makes it equivalent.
 */
export const equivalentWireForms: ReadonlyArray<WireForm> = [
  {
    // Section 2.1: quoted literals ("chunked") are case-insensitive.
    what: 'Transfer-Encoding: Chunked (the coding name capitalised)',
    applies: hasBody,
    write: (parts) => chunked(parts, 'Chunked'),
  },
  {
    // Section 2.1 ("100-continue" in any case); a server may send 100 first, or not.
    what: 'Expect: 100-Continue',
    applies: hasBody,
    write: (parts) => add(parts, ['expect', '100-Continue']),
  },
  {
    // Sections 2.1 and 7.6.1: connection options are case-insensitive.
    what: 'Connection: CLOSE',
    closes: true,
    write: (parts) => edit(parts, 'connection', (value) => value.toUpperCase()),
  },
  {
    // Section 4.3.1: the host is case-insensitive.
    what: 'the Host name in upper case',
    applies: (_, url) => url !== undefined && /[a-z]/i.test(url.hostname),
    write: (parts) => edit(parts, 'host', (value) => value.toUpperCase()),
  },
  {
    // Sections 4.2.1 and 4.2.2: an empty or absent port is the scheme's default.
    what: 'the default port stated in Host',
    applies: (_, url) => url?.port === '' && defaultPorts[url.protocol] !== undefined,
    write: (parts, url) => edit(parts, 'host', (value) => `${value}:${defaultPorts[url.protocol]}`),
  },
  {
    // Sections 5.2 and 5.3: lines of a list-based field are one list, in their order.
    what: 'Accept split over two lines (text/plain;q=0.1, then application/json)',
    write: (parts) => ({
      ...parts,
      fields: parts.fields.flatMap(
        (field): Array<Field> => (is('accept')(field) ? [[field[0], 'text/plain;q=0.1'], field] : [field]),
      ),
    }),
  },
  {
    // Sections 5.3 and 7.2: the order of fields with different names is insignificant (Host need not come first).
    what: 'its field lines in reverse order (Host last)',
    write: (parts) => ({ ...parts, fields: [...parts.fields].reverse() }),
  },
  {
    // Section 5.5: white space around a field value is not part of it.
    what: 'white space and tabs around the Authorization and Content-Type values',
    credential: true,
    write: (parts) =>
      edit(
        edit(parts, 'authorization', (v) => `\t ${v} \t`),
        'content-type',
        (v) => ` ${v}\t`,
      ),
  },
  {
    // Section 5.6.5: a User-Agent may hold comments, nested, with quoted-pairs.
    what: 'a User-Agent with nested comments and quoted-pairs',
    write: (parts) => add(parts, ['user-agent', 'petstore-contract/1.0 (probe (nested; "q") \\) pair) (x)']),
  },
  {
    // Section 7.6.1: Connection may name an extension field the hop uses.
    what: 'Connection naming an extension field it carries (X-Trace-Hop)',
    write: (parts) =>
      add(
        edit(parts, 'connection', (value) => `X-Trace-Hop, ${value}`),
        ['x-trace-hop', '1'],
      ),
  },
  {
    // Section 7.3.2 and 7.6.3: a request that came through a proxy says so.
    what: 'Via and Forwarded, as a proxy writes them',
    write: (parts) => add(parts, ['via', '1.1 proxy.example'], ['forwarded', 'for=192.0.2.1;proto=http']),
  },
  {
    // Section 6.6.1: a client may send Date.
    what: 'a Date field a day old',
    write: (parts) => add(parts, ['date', dayOld()]),
  },
  {
    // Section 8.6: Content-Length: 0 on a request without content says there is none.
    what: 'Content-Length: 0 on a request without content',
    applies: withoutBody,
    write: (parts) => add(parts, ['content-length', '0']),
  },
  {
    // Section 7.6.2: the origin server is the final recipient, whatever Max-Forwards says.
    what: 'Max-Forwards: 0',
    write: (parts) => add(parts, ['max-forwards', '0']),
  },
]

/** The Authorization value with `change` made to it: the key no longer the key. */
const alterKey = (change: (value: string) => string) => (parts: WrittenParts) => edit(parts, 'authorization', change)

/**
 * Field values with octets a field value must not, or need not, carry (RFC 9110 section 5.5): beside a valid key
 * the answer is the plain one, or a refusal where the sentence allows one; in the key itself they never let the
 * request through.
 */
export const octetWireForms: ReadonlyArray<WireForm> = [
  {
    // Section 5.5: obs-text is opaque data.
    what: 'an X-Note field value with an obs-text octet (0xE9)',
    write: (parts) => add(parts, ['x-note', 'caf\u00e9']),
  },
  {
    // Section 5.5 ("reject the message or replace each ... with SP"); RFC 9112 section 5.2 for obs-fold.
    what: 'an X-Note field value folded over two lines (obs-fold)',
    refusals: [400],
    write: (parts) => add(parts, ['x-note', 'folded\r\n value']),
  },
  {
    what: 'an X-Note field value holding a bare CR',
    refusals: [400],
    write: (parts) => add(parts, ['x-note', 'bare\rcr']),
  },
]

/** The key altered by octets a field value must not carry: never the key (RFC 9110 section 5.5). */
export const alteredKeyForms: ReadonlyArray<WireForm> = [
  { what: 'the key followed by NUL and "x" (a C string ends at the NUL)', write: alterKey((v) => `${v}\0x`) },
  {
    what: 'the key with a 0x01 octet before its last character',
    write: alterKey((v) => `${v.slice(0, -1)}\u0001${v.slice(-1)}`),
  },
  { what: 'the key followed by an obs-text octet (0xE9)', write: alterKey((v) => `${v}\u00e9`) },
  {
    // Section 6.5.1: a trailer field is not merged into the header section; Authorization is no trailer field.
    what: 'the key sent only in the trailer section of a chunked body',
    applies: hasBody,
    write: (parts) => {
      const key = parts.fields.filter(is('authorization'))
      return chunked({ ...parts, fields: parts.fields.filter((field) => !is('authorization')(field)) }, 'chunked', key)
    },
  },
]

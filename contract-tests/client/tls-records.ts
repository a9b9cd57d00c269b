import type { TlsRecordsSeen } from '../shared/contract-caller.ts'

/** The record content types of TLS (RFC 8446 section 5.1, RFC 5246 section 6.2.1). */
const contentTypes: Readonly<Record<number, string>> = {
  20: 'change_cipher_spec',
  21: 'alert',
  22: 'handshake',
  23: 'application_data',
  24: 'heartbeat',
}

/**
 * The length of a TLS 1.3 record that carries a closure alert alone: its two octets, the inner content type, and the
 * 16-octet tag of every AEAD a TLS 1.3 stack enables by default (AES-GCM, ChaCha20-Poly1305). A server that pads its
 * alert makes it longer: it is then read as data, a close_notify missed, never one invented.
 */
const sealedAlertLength = 2 + 1 + 16

/**
 * Reads the records the server sends on a TLS connection from their 5-octet headers (type, version, length), without
 * decrypting them: which types came, in what order, and whether bytes came that are no record at all.
 * @example const reader = new TlsRecordReader(); socket.on('data', (chunk) => reader.add(chunk))
 */
export class TlsRecordReader {
  readonly #types: Array<number> = []
  readonly #lengths: Array<number> = []
  #pending: Buffer = Buffer.alloc(0)
  #foreign: string | undefined
  #closed = false

  /** Takes the next bytes the server sent. */
  add(chunk: Buffer): void {
    if (this.#foreign !== undefined) return
    let bytes = this.#pending.length > 0 ? Buffer.concat([this.#pending, chunk]) : chunk
    while (bytes.length >= 5) {
      const type = bytes[0] as number
      // Every version of TLS writes 3 as the first octet of a record's version.
      if (!(type in contentTypes) || bytes[1] !== 3) {
        this.#foreign = bytes.subarray(0, 80).toString('latin1')
        return
      }
      const length = bytes.readUInt16BE(3)
      if (bytes.length < 5 + length) break
      this.#types.push(type)
      this.#lengths.push(length)
      bytes = bytes.subarray(5 + length)
    }
    this.#pending = Buffer.from(bytes)
  }

  /** The server closed its side of the connection (a TCP FIN or reset). */
  close(): void {
    this.#closed = true
  }

  /** What the records showed, with the protocol the handshake agreed. */
  seen(protocol: string): TlsRecordsSeen {
    const last = this.#types.length - 1
    const closeNotify = !this.#closed
      ? undefined
      : protocol === 'TLSv1.3'
        ? this.#types[last] === 21 || (this.#types[last] === 23 && this.#lengths[last] === sealedAlertLength)
        : this.#types.includes(21)
    return {
      protocol,
      records: this.#types.length,
      ...(this.#foreign !== undefined && { foreign: this.#foreign }),
      ...(closeNotify !== undefined && { closeNotify }),
    }
  }
}

/** The most bytes of a deployment's answer a finding quotes. */
const shownBytesCap = 512

/**
 * Bytes as a finding quotes them, readable and exact: printable ASCII as it is, CR and LF as `\r` and `\n`, a
 * backslash doubled, any other byte as `\xNN`; at most `cap` bytes, then how many there were in all. Text given as
 * a string is read one byte a character (node's Latin-1 of a header section).
 * @example shownBytes('HTTP/1.1 200 O\x01K\r\n') // 'HTTP/1.1 200 O\\x01K\\r\\n'
 */
export function shownBytes(bytes: Uint8Array | string, cap = shownBytesCap): string {
  const buffer = typeof bytes === 'string' ? Buffer.from(bytes, 'latin1') : Buffer.from(bytes)
  let shown = ''
  for (const byte of buffer.subarray(0, cap)) {
    if (byte === 0x0d) shown += '\\r'
    else if (byte === 0x0a) shown += '\\n'
    else if (byte === 0x5c) shown += '\\\\'
    else if (byte >= 0x20 && byte <= 0x7e) shown += String.fromCharCode(byte)
    else shown += `\\x${byte.toString(16).padStart(2, '0')}`
  }
  return buffer.byteLength > cap ? `${shown}… (${buffer.byteLength.toLocaleString('en-US')} bytes in all)` : shown
}

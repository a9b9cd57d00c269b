import { expect, it } from 'vitest'
import { TlsRecordReader } from './tls-records.ts'

/** A TLS record's bytes: its type, version 3.3, its length, and `length` octets. */
const record = (type: number, length: number) =>
  Buffer.concat([Buffer.from([type, 3, 3, length >> 8, length & 0xff]), Buffer.alloc(length, 7)])

it('counts records split across chunks, and sees no close while the connection is open', () => {
  const reader = new TlsRecordReader()
  const bytes = Buffer.concat([record(22, 100), record(23, 300)])
  reader.add(bytes.subarray(0, 50))
  reader.add(bytes.subarray(50))
  expect(reader.seen('TLSv1.3')).toEqual({ protocol: 'TLSv1.3', records: 2 })
})

it('reads a sealed alert as the last TLS 1.3 record before the close as close_notify, and data as none', () => {
  const withAlert = new TlsRecordReader()
  withAlert.add(Buffer.concat([record(23, 300), record(23, 19)]))
  withAlert.close()
  expect(withAlert.seen('TLSv1.3').closeNotify).toBe(true)
  const without = new TlsRecordReader()
  without.add(Buffer.concat([record(23, 19), record(23, 300)]))
  without.close()
  expect(without.seen('TLSv1.3').closeNotify).toBe(false)
})

it('reads an alert record under TLS 1.2 as close_notify, its absence as none', () => {
  const withAlert = new TlsRecordReader()
  withAlert.add(Buffer.concat([record(23, 83), record(21, 26)]))
  withAlert.close()
  expect(withAlert.seen('TLSv1.2').closeNotify).toBe(true)
  const without = new TlsRecordReader()
  without.add(record(23, 83))
  without.close()
  expect(without.seen('TLSv1.2').closeNotify).toBe(false)
})

it('says where bytes that form no record begin: HTTP written around TLS', () => {
  const reader = new TlsRecordReader()
  reader.add(Buffer.concat([record(23, 40), Buffer.from('HTTP/1.1 200 OK\r\n')]))
  expect(reader.seen('TLSv1.3')).toMatchObject({ records: 1, foreign: 'HTTP/1.1 200 OK\r\n' })
})

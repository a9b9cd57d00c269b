import type { OperationSpec } from '../../../spec/operations.ts'
import { MockError } from '../mock-error.ts'

/** A fault the mock can inject instead of (or into) an answer. */
export type Fault = 'reset' | 'malformed' | 'timeout'

export const faults: ReadonlyArray<Fault> = ['reset', 'malformed', 'timeout']

/** What a `Prefer` header or a rule asks of one answer. */
export interface Preferences {
  /** Answer this status: 400-599 as an `Error`, or a 2xx the operation documents. */
  code?: number
  /** Answer no earlier than this many milliseconds later (0-60000). */
  delayMs?: number
  fault?: Fault
}

/** The largest `delay` (and rule `delayMs`) the mock accepts, in milliseconds. */
export const maxDelayMs = 60_000

/** A `Prefer` header longer than this is refused rather than parsed. */
const maxPreferLength = 1_024

/** The preferences a `Prefer` header asks for, and the `Preference-Applied` value that echoes them. */
export interface ParsedPrefer {
  preferences: Preferences
  applied: string
}

/**
 * Reads an RFC 7240 `Prefer` header (Prism-compatible `code=`, plus `delay=` and `fault=`); unknown
 * preferences are ignored, as the RFC says. A known one with an invalid value, or given twice, is a
 * 400 `invalid_preference` naming it.
 * @example
 * parsePrefer('code=503, delay=200', operations.listPets)
 * // { preferences: { code: 503, delayMs: 200 }, applied: 'code=503, delay=200' }
 */
export function parsePrefer(header: string, route: OperationSpec): ParsedPrefer {
  if (header.length > maxPreferLength) {
    throw invalid(`The Prefer header is ${header.length} characters long; at most ${maxPreferLength} are read.`)
  }
  const preferences: Preferences = {}
  const applied: Array<string> = []
  for (const item of header.split(',')) {
    // Parameters after `;` belong to no preference the mock knows.
    const token = item.split(';')[0]?.trim() ?? ''
    if (token === '') continue
    const equals = token.indexOf('=')
    const name = (equals === -1 ? token : token.slice(0, equals)).trim().toLowerCase()
    const raw = equals === -1 ? '' : unquote(token.slice(equals + 1).trim())
    if (name !== 'code' && name !== 'delay' && name !== 'fault') continue
    const key = name === 'delay' ? 'delayMs' : name
    if (preferences[key] !== undefined) throw invalid(`The "${name}" preference is given more than once.`)
    if (name === 'code') preferences.code = parseCode(raw, route, 'The "code" preference')
    else if (name === 'delay') preferences.delayMs = parseDelay(raw, 'The "delay" preference')
    else preferences.fault = parseFault(raw, 'The "fault" preference')
    applied.push(`${name}=${raw}`)
  }
  return { preferences, applied: applied.join(', ') }
}

/**
 * A status the mock can be asked to answer for an operation: 400-599, or a 2xx it documents.
 * @example parseCode('503', operations.listPets, 'The "code" preference') // 503
 */
export function parseCode(raw: string | number, route: OperationSpec, what: string): number {
  const text = String(raw)
  const code = /^[1-5][0-9]{2}$/.test(text) ? Number(text) : Number.NaN
  if (code >= 400 && code <= 599) return code
  if (code >= 200 && code <= 299 && route.documents(code)) return code
  const documented = route.documentedStatuses.filter((status) => status.startsWith('2')).join(', ')
  throw invalid(
    `${what} must be a status from 400 to 599 or a 2xx that ${route.method} ${route.path} documents ` +
      `(${documented}), got ${shown(text)}.`,
  )
}

/** A delay in whole milliseconds, 0-60000. */
function parseDelay(raw: string | number, what: string): number {
  const text = String(raw)
  const delay = /^[0-9]{1,5}$/.test(text) ? Number(text) : Number.NaN
  if (delay >= 0 && delay <= maxDelayMs) return delay
  throw invalid(`${what} must be whole milliseconds from 0 to ${maxDelayMs}, got ${shown(text)}.`)
}

/** One of `reset`, `malformed`, `timeout`. */
function parseFault(raw: string, what: string): Fault {
  const fault = faults.find((known) => known === raw)
  if (fault) return fault
  throw invalid(`${what} must be one of ${faults.join(', ')}, got ${shown(raw)}.`)
}

function unquote(value: string): string {
  return value.length >= 2 && value.startsWith('"') && value.endsWith('"') ? value.slice(1, -1) : value
}

function shown(text: string): string {
  return JSON.stringify(text.length > 40 ? `${text.slice(0, 40)}…` : text)
}

function invalid(message: string): MockError {
  return new MockError(400, 'invalid_preference', message)
}

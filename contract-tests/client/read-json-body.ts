import { parseJson } from '../../spec/json/parse-json.ts'
import { openapiDocument } from '../../spec/openapi-document.ts'
import { largestPage } from '../../spec/resources.ts'
import type { ExchangeResponse } from '../shared/exchange.ts'
import { boundedJsonText } from './bounded-json-text.ts'
import { nestsDeeperThan } from './json-nesting.ts'

/**
 * Members kept of each array and object of a body: one more than the longest list the interface allows, so that a
 * list past any `limit` is still seen as one by every check, while a body of millions of items keeps a hundred.
 */
const keptMembers = largestPage + 1
/** Members kept of a body in all, at every depth: a page of 100 pets holds some 600. */
const keptValues = 10_000
/**
 * Characters of strings kept whole of a body, in the order they stand; past it each string is kept as its first 64.
 * Above every string the suite sends and compares (names up to 2,000 characters, one of 64 KB), below what a body of
 * a few huge strings would make each of hundreds of exchanges keep.
 */
const keptCharacters = 65_536 + 1_024

/** Every field name a schema of the spec gives: kept wherever it stands in an object, past `keptMembers` too. */
const specFieldNames: ReadonlySet<string> = new Set(
  Object.values(openapiDocument.components.schemas).flatMap((schema) => fieldNamesOf(schema)),
)

function fieldNamesOf(schema: unknown): Array<string> {
  if (typeof schema !== 'object' || schema === null) return []
  const { properties, allOf, oneOf, anyOf } = schema as Record<string, unknown>
  const nested = [allOf, oneOf, anyOf].flatMap((list) => (Array.isArray(list) ? list.flatMap(fieldNamesOf) : []))
  return [...Object.keys(properties ?? {}), ...nested]
}

/** What a body read whole gives as JSON: the parsed value, bounded, and why there is none where there is none. */
type JsonBody = Pick<ExchangeResponse, 'json' | 'jsonParsed' | 'notParsed' | 'jsonCut'>

/**
 * Parses a body read whole as JSON, bounded whatever it holds: it is read in one pass first (`boundedJsonText`),
 * every member checked and counted, and only the first `keptMembers` members of each array and object are built,
 * with strings past `keptCharacters` cut short (`jsonCut` says what was left out): an answer of 1.6 million items, or
 * of a 4 MB string, keeps what a page of a hundred pets does. A body nested deeper than `maxDepth` is not parsed
 * (`notParsed` says so); an int64 is read to the digit.
 * @example readJsonBody('[{"id":1}]', 128) // { json: [{ id: 1 }], jsonParsed: true }
 */
export function readJsonBody(text: string, maxDepth: number): JsonBody {
  if (text === '') return { jsonParsed: false }
  const bounded = boundedJsonText(text, {
    maxDepth,
    maxMembers: keptMembers,
    maxValues: keptValues,
    alwaysKept: specFieldNames,
    maxCharacters: keptCharacters,
  })
  if (bounded.kind === 'deep' || (bounded.kind === 'invalid' && nestsDeeperThan(text, maxDepth)))
    return {
      jsonParsed: false,
      notParsed:
        `The body nests arrays and objects more than ${maxDepth} levels deep, deeper than the client parses ` +
        '(RFC 8259 section 9 lets a parser limit nesting).',
    }
  if (bounded.kind === 'invalid') return { jsonParsed: false }
  let json: unknown
  try {
    json = parseJson(bounded.text)
  } catch {
    return { jsonParsed: false }
  }
  const { members, kept, leftOut, stringsCut } = bounded
  if (leftOut === 0 && stringsCut === 0) return { json, jsonParsed: true }
  return { json, jsonParsed: true, jsonCut: { members, kept, leftOut, keptEach: keptMembers, stringsCut } }
}

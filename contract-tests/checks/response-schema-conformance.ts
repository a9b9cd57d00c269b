import { interfaceSays, responsesStatedBySpec, specChooses } from '../shared/citations.ts'
import { jsonCutNote } from '../shared/json-cut.ts'
import { isIso8601Timestamp } from '../shared/timestamps.ts'
import { excerpt, failed, interfaceLists, passed, type ResponseCheck, warning } from './response-check.ts'

/** The value at a path of a parsed body, or undefined. */
function valueAt(value: unknown, path: ReadonlyArray<PropertyKey>): unknown {
  return path.reduce<unknown>(
    (at, key) => (typeof at === 'object' && at !== null ? (at as Record<PropertyKey, unknown>)[key] : undefined),
    value,
  )
}

/** The body is valid against the spec's schema for the operation and status. */
export const responseSchemaConformance: ResponseCheck = {
  name: 'response_schema_conformance',
  description: 'The body is valid against the schema the spec gives for that status.',
  basis: interfaceSays.responses,
  run: (exchange, contract) => {
    const verdict = judgeSchema(exchange, contract)
    const stated = verdict?.outcome === 'failed' ? responsesStatedBySpec(contract) : undefined
    return verdict && stated ? { ...verdict, basis: stated } : verdict
  },
}

/** The verdict of `responseSchemaConformance`, before its basis is chosen. */
function judgeSchema(...[exchange, contract]: Parameters<ResponseCheck['run']>): ReturnType<ResponseCheck['run']> {
  const { request, response } = exchange
  if (request.method !== contract.method) return undefined
  const schema = contract.responseSchema(response.status)
  if (!schema) return undefined
  // An error response the interface does not list: its shape is error_body_conformance's, as a deviation.
  if (response.status >= 400 && !interfaceLists(exchange, contract)) return undefined
  if (response.truncated)
    return failed('The body is larger than the client reads; it cannot be valid.', 'a JSON body', `over the read cap`)
  if (response.notParsed) return failed(response.notParsed, 'a JSON body', 'nested too deep to parse')
  if (!response.jsonParsed)
    return failed('The body is not valid JSON.', 'JSON', excerpt(response.bodyText) || '(empty)')
  // An excerpt (a list of 75,000 pets cut to its first 101): the finding says what was judged.
  const cut = jsonCutNote(response)
  const judged = (message: string): string => (cut ? `${message} ${cut}` : message)
  const result = schema.safeParse(response.json)
  if (result.success) return passed(judged(`Valid ${response.status} body.`))
  // A timestamp in another ISO 8601 form than RFC 3339's is the interface's "ISO 8601 timestamp": a deviation.
  const timestampIssues = result.error.issues.filter(({ message }) => /datetime/i.test(message))
  const otherTimestamps = timestampIssues.map(({ path }) => valueAt(response.json, path))
  if (
    timestampIssues.length === result.error.issues.length &&
    otherTimestamps.every((value) => typeof value === 'string' && isIso8601Timestamp(value))
  )
    return warning(
      judged(
        `The ${response.status} body has a timestamp in another ISO 8601 form than RFC 3339's: ` +
          `${otherTimestamps.map((value) => JSON.stringify(value)).join(', ')}.`,
      ),
      'an RFC 3339 date-time',
      excerpt(response.bodyText),
      specChooses.rfc3339Timestamps,
    )
  const issues = result.error.issues.slice(0, 3).map((issue) => `${issue.path.join('.') || '(body)'}: ${issue.message}`)
  return failed(
    judged(`The ${response.status} body does not match the spec: ${issues.join('; ')}.`),
    `the spec schema for ${response.status}`,
    excerpt(response.bodyText),
  )
}

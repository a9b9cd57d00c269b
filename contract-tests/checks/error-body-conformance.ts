import { interfaceSays } from '../shared/citations.ts'
import { excerpt, failed, passed, type ResponseCheck } from './response-check.ts'

/** A 4xx or 5xx body is an `Error` with a non-empty code and message and the same status as the response. */
export const errorBodyConformance: ResponseCheck = {
  name: 'error_body_conformance',
  description: 'Error bodies have a non-empty code and message, and status equal to the HTTP status.',
  basis: interfaceSays.errorBody,
  run: ({ request, response }) => {
    if (response.status < 400 || request.method === 'HEAD') return undefined
    const body = response.json as { code?: unknown; message?: unknown; status?: unknown } | undefined
    if (!response.jsonParsed || typeof body !== 'object' || body === null || Array.isArray(body)) {
      return failed(
        `The ${response.status} body is not an Error object.`,
        '{ code, message, status }',
        excerpt(response.bodyText) || '(empty)',
      )
    }
    const problems: Array<string> = []
    if (typeof body.code !== 'string' || body.code.trim() === '') problems.push('code is not a non-empty string')
    if (typeof body.message !== 'string' || body.message.trim() === '')
      problems.push('message is not a non-empty string')
    if (body.status !== response.status)
      problems.push(`status is ${JSON.stringify(body.status)}, not ${response.status}`)
    if (problems.length === 0) return passed('A well-formed Error.')
    return failed(
      `The Error body is wrong: ${problems.join('; ')}.`,
      `{ code, message, status: ${response.status} }`,
      excerpt(response.bodyText),
    )
  },
}

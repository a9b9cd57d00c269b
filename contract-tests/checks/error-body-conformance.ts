import { interfaceSays } from '../shared/citations.ts'
import { excerpt, failed, interfaceLists, passed, type ResponseCheck, unlistedError } from './response-check.ts'

/**
 * A 4xx or 5xx body is an `Error` with a non-empty code and message and the same status as the response. The
 * interface states it of the error responses it lists (its Responses and Errors tables: 400, 401, 404); of any
 * other ("error responses other than those listed: not shown": a 405, a 404 for an unknown path, a 422, a 413) a
 * body of the framework's own shape is a deviation from our spec, which answers every error with an `Error`.
 */
export const errorBodyConformance: ResponseCheck = {
  name: 'error_body_conformance',
  description: 'Error bodies have a non-empty code and message, and status equal to the HTTP status.',
  basis: interfaceSays.errorBody,
  run: (exchange, contract) => {
    const { request, response } = exchange
    if (response.status < 400 || request.method === 'HEAD') return undefined
    const judge = interfaceLists(exchange, contract) ? failed : unlistedError
    const body = response.json as { code?: unknown; message?: unknown; status?: unknown } | undefined
    if (!response.jsonParsed || typeof body !== 'object' || body === null || Array.isArray(body)) {
      return judge(
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
    return judge(
      `The Error body is wrong: ${problems.join('; ')}.`,
      `{ code, message, status: ${response.status} }`,
      excerpt(response.bodyText),
    )
  },
}

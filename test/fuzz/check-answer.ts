import { operationList } from '../../spec/operations.ts'
import type { FuzzAnswer } from './fuzz-answer.ts'

/** What a check knows about the request besides the answer. */
export interface AnswerContext {
  method: string
}

/** One property of every answer, named so that a failure says which one broke. */
export interface AnswerCheck {
  name: string
  /** A problem in words, or undefined when the answer passes. */
  check(answer: FuzzAnswer, context: AnswerContext): string | undefined
}

type Response = Extract<FuzzAnswer, { kind: 'response' }>

/** An answer is there: an HTTP response, not a closed, reset or silent connection, nor a thrown fetch. */
const answered: AnswerCheck = {
  name: 'answered',
  check: (answer) => (answer.kind === 'no-answer' ? `no HTTP answer: ${answer.reason}` : undefined),
}

/** A final status is 2xx to 5xx: a 1xx is interim, and the reader skips it. */
const finalStatus: AnswerCheck = {
  name: 'final_status',
  check: (answer) =>
    answer.kind === 'response' && (answer.status < 200 || answer.status > 599)
      ? `status ${answer.status} is not a final status`
      : undefined,
}

// The 5xx statuses some operation of the spec documents (the 501 of the undescribed store orders).
const documentedServerErrors = new Set(
  operationList
    .filter((operation) => !operation.described)
    .flatMap((operation) => operation.documentedStatuses.map(Number).filter((status) => status >= 500)),
)

/** No 5xx, except one the spec documents for an operation it does not describe. */
const noServerError: AnswerCheck = {
  name: 'no_server_error',
  check: (answer) =>
    answer.kind === 'response' && answer.status >= 500 && !documentedServerErrors.has(answer.status)
      ? `status ${answer.status}`
      : undefined,
}

/**
 * Every 4xx and 5xx is JSON `Error {code, message, status}` with `status` equal to the HTTP status (no body to
 * HEAD).
 */
const errorBody: AnswerCheck = {
  name: 'error_body',
  check: (answer, { method }) => {
    if (answer.kind !== 'response' || answer.status < 400) return undefined
    if (!/^application\/json\b/i.test(answer.headers['content-type'] ?? ''))
      return (
        `a ${answer.status} with content-type ${JSON.stringify(answer.headers['content-type'] ?? null)}, not ` +
        `application/json`
      )
    if (method === 'HEAD') return undefined
    return errorShapeProblem(answer)
  },
}

function errorShapeProblem({ status, body }: Response): string | undefined {
  let error: unknown
  try {
    error = JSON.parse(body)
  } catch {
    return `a ${status} whose body is not JSON`
  }
  if (typeof error !== 'object' || error === null || Array.isArray(error))
    return `a ${status} whose body is not a JSON object`
  const { code, message, status: bodyStatus } = error as Record<string, unknown>
  if (typeof code !== 'string' || code === '') return `a ${status} whose Error.code is not a non-empty string`
  if (typeof message !== 'string' || message === '') return `a ${status} whose Error.message is not a non-empty string`
  if (bodyStatus !== status) return `a ${status} whose Error.status is ${JSON.stringify(bodyStatus)}`
  if (status === 501 && code !== 'not_implemented')
    return `a 501 with code ${JSON.stringify(code)}, not "not_implemented"`
  return undefined
}

/**
 * Every check, applied to every answer by `checkAnswer`, so that no fuzz target can forget one.
 * @example answerChecks.map(({ name }) => name) // ['answered', 'final_status', 'no_server_error', 'error_body']
 */
export const answerChecks: ReadonlyArray<AnswerCheck> = [answered, finalStatus, noServerError, errorBody]

/**
 * Applies every check to one answer: the problems, each prefixed with the check's name (none: it passes).
 * @example checkAnswer({ kind: 'response', status: 417, headers: {}, body: '' }, { method: 'GET' }) // ['error_body: a
 *   417 with content-type null, not application/json']
 */
export function checkAnswer(answer: FuzzAnswer, context: AnswerContext): Array<string> {
  return answerChecks.flatMap(({ name, check }) => {
    const problem = check(answer, context)
    return problem === undefined ? [] : [`${name}: ${problem}`]
  })
}

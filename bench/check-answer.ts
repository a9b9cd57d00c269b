import type { AnswerCheck } from './bench-report.ts'
import { httpExchange } from './http-exchange.ts'
import type { LoadRequest } from './run-autocannon.ts'

/**
 * Sends a request once before it is measured and refuses to go on unless the answer is the one
 * expected (`expected(status)`): a server answering 401 or 404 fast would win every comparison.
 * @example await checkAnswer('ours', origin, request, (status) => status === 200)
 */
export async function checkAnswer(
  target: string,
  origin: string,
  request: LoadRequest,
  expected: (status: number) => boolean,
): Promise<AnswerCheck> {
  const answer = await httpExchange({
    method: request.method,
    url: `${origin}${request.path}`,
    headers: request.headers,
    body: request.body,
    timeoutMs: 5_000,
  })
  if (!expected(answer.status)) {
    throw new Error(
      `Failed to check ${target}: ${request.method} ${request.path} answered ${answer.status}, not the status the ` +
        `bench expects. Body: ${answer.body.slice(0, 200)}`,
    )
  }
  return { status: answer.status, contentType: answer.contentType, bytes: Buffer.byteLength(answer.body) }
}

import { CliError } from '../../shared/cli-error.ts'
import { refusedByParser, tlsFault } from '../client/classify-fetch-error.ts'

/**
 * Fails within seconds, with one line, when nothing answers HTTP at the base URL. Any HTTP answer
 * (even an error page) counts as reachable: the suite judges what it says; so does an answer fetch's HTTP parser
 * refuses (a malformed one), which the run reads on the wire and judges by RFC 9112. So does a server whose TLS
 * certificate the client does not trust: the run says so as a configuration fault, in its summary and reports.
 * @example await checkReachable('https://staging.example/v1', key, 5000)
 */
export async function checkReachable(baseUrl: string, apiKey: string, timeoutMs: number): Promise<void> {
  try {
    const response = await fetch(`${baseUrl}/pets?limit=1`, {
      headers: { authorization: `Bearer ${apiKey}`, accept: 'application/json' },
      redirect: 'manual',
      signal: AbortSignal.timeout(timeoutMs),
    })
    await response.body?.cancel().catch(() => {})
  } catch (error) {
    if (refusedByParser(error) !== undefined) return
    if (tlsFault(error, baseUrl) !== undefined) return
    const cause = (error as { cause?: { code?: string } }).cause?.code
    const reason =
      error instanceof Error && error.name === 'TimeoutError'
        ? `no answer within ${timeoutMs} ms`
        : (cause ?? (error instanceof Error ? error.message : String(error)))
    throw new TargetUnreachable(`The target is unreachable at ${baseUrl}: ${reason}.`)
  }
}

/** Nothing answered at the target: exit code 2. */
class TargetUnreachable extends CliError {
  override name = 'TargetUnreachable'
}

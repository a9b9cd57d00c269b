import { CliError } from '../../mocks/cli/cli-error.ts'

/**
 * Fails within seconds, with one line, when nothing answers HTTP at the base URL. Any HTTP answer
 * (even an error page) counts as reachable: the suite judges what it says.
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

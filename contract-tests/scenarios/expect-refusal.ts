import type { Basis, Exchange } from '../shared/exchange.ts'
import { statusOf } from '../shared/exchange.ts'
import type { ScenarioContext } from '../shared/scenario.ts'

/** Every client error status: what `alsoAccepted` takes where the interface allows any 4xx. */
export const clientErrors: ReadonlyArray<number> = Array.from({ length: 100 }, (_, index) => 400 + index)

export interface RefusalRule {
  /** The status our spec answers: anything else allowed is a deviation from `choice`. */
  preferred: number
  /** The refusals the interface allows: these statuses, or any 4xx. */
  refusals: ReadonlyArray<number> | '4xx'
  /** Whether a 200 that keeps the interface's rules is allowed (the caller checks those rules). */
  forgivable: boolean
  /** The spec's choice a different allowed answer deviates from. */
  choice: Basis
  /** What is refused, for messages: `limit="0"`. */
  what: string
}

/**
 * Judges an answer to a request the interface does not say how to refuse: the spec's own status
 * passes, another allowed refusal (or, when `forgivable`, a 200) is a deviation citing the spec's
 * choice, anything else a violation. Returns what the target did, so the caller can check that a
 * forgiving 200 keeps the rules.
 * @example if (expectRefusal(context, exchange, rule) === 'forgiven') checkRules(exchange)
 */
export function expectRefusal(
  context: ScenarioContext,
  exchange: Exchange,
  { preferred, refusals, forgivable, choice, what }: RefusalRule,
): 'refused' | 'forgiven' | 'broken' {
  const status = exchange.response?.status ?? 0
  const refused = refusals === '4xx' ? status >= 400 && status < 500 : refusals.includes(status)
  if (status === preferred) {
    context.assert(true, { message: `${what} is refused with ${preferred}`, exchange })
    return 'refused'
  }
  if (refused) {
    context.observe({
      message: `${what} is refused with ${status}; the spec answers ${preferred}`,
      expected: String(preferred),
      received: statusOf(exchange),
      exchange,
      basis: choice,
    })
    return 'refused'
  }
  if (forgivable && status === 200) {
    context.observe({
      message: `${what} is forgiven with 200; the spec refuses it with ${preferred}`,
      expected: String(preferred),
      received: '200',
      exchange,
      basis: choice,
    })
    return 'forgiven'
  }
  const allowed = refusals === '4xx' ? 'a 4xx Error' : refusals.join(' or ')
  const forgiven = forgivable ? ' nor forgiven (200)' : ''
  context.assert(false, {
    message: `${what} is neither refused (${allowed})${forgiven}: got ${statusOf(exchange)}`,
    expected: `${allowed}${forgivable ? ', or 200 within the rules' : ''}`,
    received: statusOf(exchange),
    exchange,
  })
  return 'broken'
}

import { exploredFaultyVariants, statefulFaultyVariants } from '../variants/explored-faulty-variants.ts'
import { faultyVariants } from '../variants/faulty-variants.ts'
import { freedomFaultyVariants } from '../variants/freedom-faulty-variants.ts'
import type { HttpVariant } from '../variants/http-variant.ts'
import { messageFaultyVariants } from '../variants/message-faulty-variants.ts'
import { messageRewriteVariants } from '../variants/message-rewrite-variants.ts'
import { requestFormFaultyVariants } from '../variants/request-form-faulty-variants.ts'
import { rfc9112FaultyVariants } from '../variants/rfc9112-faulty-variants.ts'
import { semanticsFaultyVariants } from '../variants/semantics-faulty-variants.ts'
import { standardFaultyVariants } from '../variants/standard-faulty-variants.ts'
import type { Variant } from '../variants/variant.ts'
import { type WireVariant, wireFaultyVariants } from '../variants/wire-faulty-variants.ts'

/** A faulty variant of any kind: in-process, over node:http, or a server of its own when its defect is in the wire. */
export type ProvingVariant = (Variant | HttpVariant | WireVariant) & {
  /** Caught as a deviation (a clean refusal of a form the standards allow): judged with the run's warnings. */
  deviation?: boolean
  /** Caught as a configuration fault (a TLS failure): the run ends in exit 2 with its cause, nothing counted. */
  configurationFault?: true
  /** Its certificate is the test authority's: proven in a process that trusts it (run-proving-variant.ts). */
  testAuthority?: true
}

/**
 * Every faulty variant of the suite by name: what a ledger row may name as the proof of its check.
 * @example ledgerVariants.get('challenge-missing')?.caughtBy // 'www_authenticate'
 */
export const ledgerVariants: ReadonlyMap<string, ProvingVariant> = new Map(
  [
    ...faultyVariants,
    ...standardFaultyVariants,
    ...exploredFaultyVariants,
    ...statefulFaultyVariants,
    ...requestFormFaultyVariants,
    ...wireFaultyVariants,
    ...freedomFaultyVariants,
    ...rfc9112FaultyVariants,
    ...semanticsFaultyVariants,
    ...messageFaultyVariants,
    ...messageRewriteVariants,
  ].map((variant): [string, ProvingVariant] => [variant.name, variant]),
)

import { exploredFaultyVariants, statefulFaultyVariants } from '../variants/explored-faulty-variants.ts'
import { faultyVariants } from '../variants/faulty-variants.ts'
import type { HttpVariant } from '../variants/http-variant.ts'
import { requestFormFaultyVariants } from '../variants/request-form-faulty-variants.ts'
import { standardFaultyVariants } from '../variants/standard-faulty-variants.ts'
import type { Variant } from '../variants/variant.ts'

/** A faulty variant of either kind: in-process, or served over HTTP when its defect shows only on the wire. */
export type ProvingVariant = Variant | HttpVariant

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
  ].map((variant): [string, ProvingVariant] => [variant.name, variant]),
)

import { runContract } from '../../contract-tests/run/run-contract.ts'
import type { RunResult } from '../../contract-tests/shared/run-result.ts'
import { developmentApiKey } from '../../shared/development-api-key.ts'
import type { HttpVariant } from './http-variant.ts'
import type { Variant } from './variant.ts'
import { variantTarget } from './variant-target.ts'
import type { WireVariant } from './wire-faulty-variants.ts'

/**
 * One contract run against a fresh target of `variant` (in-process or over HTTP), closed after it.
 * @example const result = await runVariant(variant, 7, { only: ['auth_required'] })
 */
export async function runVariant(
  variant: Variant | HttpVariant | WireVariant,
  seed: number,
  options: { only?: ReadonlyArray<string>; strict?: boolean } = {},
): Promise<RunResult> {
  const target = await variantTarget(variant)
  try {
    return await runContract({
      targetName: variant.name,
      baseUrl: target.baseUrl,
      messagesBaseUrl: target.messagesBaseUrl,
      apiKey: developmentApiKey,
      fetch: target.fetch,
      only: options.only,
      strict: options.strict,
      explore: { seed },
    })
  } finally {
    await target.close()
  }
}

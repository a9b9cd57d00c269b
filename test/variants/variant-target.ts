import type { FetchLike } from '../../contract-tests/client/contract-client.ts'
import { type HttpVariant, startHttpVariant } from './http-variant.ts'
import { serveVariant, type Variant } from './variant.ts'
import type { WireVariant } from './wire-faulty-variants.ts'

/** Where a run reaches a variant: in-process through its fetch, or over HTTP on loopback. */
export interface VariantTarget {
  baseUrl: string
  messagesBaseUrl: string
  fetch?: FetchLike
  close(): Promise<void>
}

/** Whether a variant is served over node:http (its difference shows only on the wire). */
export const servedOverHttp = (variant: Variant | HttpVariant): variant is HttpVariant => 'handle' in variant

/**
 * A fresh target for a variant of any kind (in-process, over node:http, or a server of its own on loopback): the good
 * mock behind it, nothing shared with another run.
 * @example const target = await variantTarget(variant); try { … } finally { await target.close() }
 */
export async function variantTarget(variant: Variant | HttpVariant | WireVariant): Promise<VariantTarget> {
  if ('start' in variant) return variant.start()
  if (servedOverHttp(variant)) return startHttpVariant(variant)
  return {
    baseUrl: 'http://petstore.test/v1',
    messagesBaseUrl: 'http://petstore.test',
    fetch: await serveVariant(variant),
    close: async () => {},
  }
}

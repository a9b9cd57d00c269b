import { operationList } from '../../spec/operations.ts'
import { petSchema } from '../../spec/schemas.ts'
import { setAsideUnanswered } from '../client/transport-failure.ts'
import { clientErrors } from '../scenarios/expect-refusal.ts'
import { interfaceSays } from '../shared/citations.ts'
import type { CheckResult, Exchange } from '../shared/exchange.ts'
import type { RecordingClient } from './recording-client.ts'

const list = operationList.find((operation) => operation.described && operation.safe && operation.base === 'pets')

/** A 200 whose body is a JSON array of Pets, each valid by the spec's schema: the pets API's own list, not a page. */
const listsPets = (exchange: Exchange | undefined): boolean => {
  const { status, json } = exchange?.response ?? {}
  return status === 200 && Array.isArray(json) && json.every((item) => petSchema.safeParse(item).success)
}

/**
 * A base URL that ends in /v1, as the interface has every base address end, yet reaches nothing of the service (the
 * run would call it a wrong base URL): the list asked one segment up, without the /v1. Where the pets API answers
 * there with its list, it is deployed at a base address that does not end in /v1, which the interface does not
 * allow ("Both base addresses end in the path segment `/v1`"): the `base_address_version` violation, with the
 * address it answers at. Undefined otherwise (a wrong base URL stays one).
 * @example await apiBelowBase(client, 'http://127.0.0.1:3000/v1') // { check: 'base_address_version', ... }
 */
export async function apiBelowBase(client: RecordingClient, baseUrl: string): Promise<CheckResult | undefined> {
  const at = new URL(baseUrl).href.replace(/\/+$/, '')
  if (!list || !at.endsWith('/v1')) return undefined
  // The same request with the base's last segment, /v1, left out of its URL.
  const above = at.slice(0, -'/v1'.length)
  const exchange = await client
    .call(list.operationId, {
      params: list.sample.params,
      alsoAccepted: clientErrors,
      rewriteUrl: (url) => `${above}${url.slice(at.length)}`,
    })
    .catch(setAsideUnanswered)
  if (!listsPets(exchange)) return undefined
  return {
    check: 'base_address_version',
    outcome: 'failed',
    level: 'violation',
    basis: interfaceSays.baseAddress,
    message:
      `The pets API answers at ${above}/, a base address that does not end in /v1, and nothing of it at ` +
      `${at} (${exchange?.request.method} ${exchange?.request.url} answered its list)`,
    expected: 'a base address whose last path segment is v1',
    received: `${above}/`,
  }
}

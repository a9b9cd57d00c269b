import type { Exchange } from '../shared/exchange.ts'

/**
 * Says, in one line, that the API key is wrong when the deployment refused it with 401 on every keyed request of the
 * setup, on two operations at least: a key the deployment does not know (a rotated key, a stale CI secret), never a
 * contract violation. When the setup asked one operation only (a read-only run of one list asks nothing else),
 * `confirm` asks another with the key; its 401 completes the proof, any other answer leaves the 401s to be judged as
 * what they are: a deployment that refuses a valid key on some operation breaks the interface.
 * @example await keyRefused(setup.exchanges, (asked) => askAnother(client, asked))
 */
export async function keyRefused(
  exchanges: ReadonlyArray<Exchange>,
  confirm: (asked: ReadonlySet<string>) => Promise<Exchange | undefined>,
): Promise<string | undefined> {
  const keyed = exchanges.filter(
    (exchange) => exchange.request.headers.authorization !== undefined && exchange.response,
  )
  if (keyed.length === 0 || keyed.some((exchange) => exchange.response?.status !== 401)) return undefined
  const asked: ReadonlySet<string> = new Set(keyed.map((exchange) => exchange.operationId))
  if (asked.size < 2) {
    const another = await confirm(asked)
    if (another?.response?.status !== 401) return undefined
    keyed.push(another)
  }
  const operations = [...new Set(keyed.map((exchange) => exchange.operationId))]
  const example = keyed[0] as Exchange
  return (
    "The API key was refused (401) on every keyed request: pass the deployment's key in PETSTORE_API_KEY " +
    `(${keyed.length} of ${keyed.length} keyed requests of the setup answered 401, on ${operations.join(' and ')}; ` +
    `e.g. ${example.request.method} ${example.request.url}).`
  )
}

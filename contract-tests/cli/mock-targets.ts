import type { FetchLike } from '../client/contract-client.ts'

/**
 * The mock as the suite's command line reaches it: `--target mock` and `--compare-with mock` (in-process),
 * `--target local` (the standalone server on a free loopback port). The suite imports nothing of mocks/: the
 * command lines above both (cli/) give it these (decision record 042).
 * @example const fetch = await mocks.inProcess(['petstore-dev-key'])
 */
export interface MockTargets {
  /** A fresh in-process mock that accepts `apiKeys`: its fetch. */
  inProcess(apiKeys: ReadonlyArray<string>): Promise<FetchLike>
  /** The standalone mock on a free loopback port that accepts `apiKeys`, and how to stop it. */
  local(apiKeys: ReadonlyArray<string>): Promise<{ baseUrl: string; messagesBaseUrl: string; close(): Promise<void> }>
}

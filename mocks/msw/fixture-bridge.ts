import { decodeBase64, encodeBase64 } from './base64.ts'

/**
 * The function the Playwright fixture exposes in its pages (`context.exposeBinding`). Where it is present, the
 * page is under test: the handlers hand what they claim to the test's own mock through it, so an app that
 * starts its own worker is answered by the test's data and overrides, never by its own copy of the mock.
 */
export const fixtureBridgeName = '__petStoreContractNetwork'

/** A request as it crosses from the page to the test process: plain values only, the body in base64. */
export interface BridgedRequest {
  url: string
  method: string
  headers: Array<[string, string]>
  body: string | null
  /** The page that sent it: relative paths in the test's overrides resolve against it. */
  pageUrl: string | null
}

/** The test's answer: a response to build in the page, or a network error (a fault, or a request it does not serve). */
export type BridgedAnswer =
  | { kind: 'response'; status: number; headers: Array<[string, string]>; body: string | null }
  | { kind: 'network-error' }

export type FixtureBridge = (request: BridgedRequest) => Promise<BridgedAnswer>

/**
 * The fixture's bridge when this page runs under it, else undefined.
 * @example const bridge = fixtureBridge(); if (bridge) return answerThroughFixture(bridge, request)
 */
export function fixtureBridge(): FixtureBridge | undefined {
  const candidate = (globalThis as Record<string, unknown>)[fixtureBridgeName]
  return typeof candidate === 'function' ? (candidate as FixtureBridge) : undefined
}

/**
 * Answers a page's request with the test's mock, through the fixture's bridge. A bridge that fails (the test
 * ended, the context closed) is a network error: the app must never get its own mock's answer instead.
 * @example return answerThroughFixture(bridge, request)
 */
export async function answerThroughFixture(bridge: FixtureBridge, request: Request): Promise<Response> {
  const bytes = new Uint8Array(await request.arrayBuffer())
  let answer: BridgedAnswer
  try {
    answer = await bridge({
      url: request.url,
      method: request.method,
      headers: [...request.headers],
      body: bytes.length === 0 ? null : encodeBase64(bytes),
      pageUrl: (globalThis as { location?: { href: string } }).location?.href ?? null,
    })
  } catch {
    return Response.error()
  }
  if (answer.kind !== 'response') return Response.error()
  const body = answer.body === null ? null : decodeBase64(answer.body)
  return new Response(body, { status: answer.status, headers: answer.headers })
}

import { type OperationSpec, operationList } from '../../spec/operations.ts'
import { clientErrors } from '../scenarios/expect-refusal.ts'
import { notCreated, sendableRequest } from '../scenarios/valid-request.ts'
import { interfaceSays } from '../shared/citations.ts'
import type { CallOptions } from '../shared/contract-caller.ts'
import { type Exchange, statusOf } from '../shared/exchange.ts'
import type { Scenario, ScenarioContext } from '../shared/scenario.ts'

/** A response header that hands the client something to send back: a session, a token, a credential. */
const handsOver = /token|session|auth|jwt|credential|api-?key/i
// Fields that name how to authenticate, never a credential given out.
const describesAuth = new Set(['www-authenticate', 'authentication-info', 'access-control-allow-headers'])

/** What a target handed back on the answers to keyed requests: cookies, and token-like header values. */
interface HandedBack {
  cookies: Array<string>
  tokens: Array<{ name: string; value: string }>
}

function collect(exchange: Exchange, into: HandedBack): void {
  for (const cookie of exchange.response?.setCookies ?? []) {
    const pair = cookie.split(';')[0]?.trim()
    if (pair?.includes('=') && !into.cookies.includes(pair)) into.cookies.push(pair)
  }
  for (const [name, value] of Object.entries(exchange.response?.headers ?? {})) {
    if (!handsOver.test(name) || describesAuth.has(name) || name === 'set-cookie' || value.length < 8) continue
    if (!into.tokens.some((token) => token.value === value)) into.tokens.push({ name, value })
  }
}

/** The ways a client without the key could send back what it was handed, each instead of the key. */
function replays({ cookies, tokens }: HandedBack): Array<{ what: string; options: CallOptions }> {
  const cookie =
    cookies.length > 0
      ? [
          {
            what: `the cookies it set (${cookies.map((pair) => pair.split('=')[0]).join(', ')})`,
            options: { headers: { cookie: cookies.join('; ') } },
          },
        ]
      : []
  return [
    ...cookie,
    ...tokens.flatMap(({ name, value }) => [
      { what: `its ${name} header sent back`, options: { headers: { [name]: value } } },
      { what: `its ${name} header as a bearer token`, options: { authorization: `Bearer ${value}` } },
    ]),
  ].map(({ what, options }) => ({ what, options: { authorization: null, ...options } }))
}

/**
 * Whatever the target hands back to a keyed request (a cookie, a token in a header) never stands in for the
 * key: the same requests sent with it and without the key are refused with 401. A cookie a browser sends by
 * itself would otherwise let any page the user opens act with their key (a forged cross-site request).
 */
async function nothingStandsIn(context: ScenarioContext, ids: ReadonlyArray<OperationSpec>): Promise<void> {
  const handed: HandedBack = { cookies: [], tokens: [] }
  const requests = new Map<OperationSpec, () => Promise<CallOptions | undefined>>()
  for (const operation of ids) {
    requests.set(operation, () => sendableRequest(operation, context))
    const request = await sendableRequest(operation, context)
    if (!request) return context.skip(notCreated)
    collect(await context.client.call(operation.operationId, { ...request, record: false }), handed)
  }
  const ways = replays(handed)
  if (ways.length === 0) {
    context.assert(true, { message: 'The target hands back no cookie and no token: nothing can stand in for the key.' })
    return
  }
  for (const [operation, request] of requests)
    for (const { what, options } of ways) {
      const exchange = await context.client.call(operation.operationId, {
        ...((await request()) ?? context.skip(notCreated)),
        ...options,
        alsoAccepted: clientErrors,
      })
      context.assert(exchange.response?.status === 401, {
        message: `${operation.operationId} without the key but with ${what} answers ${statusOf(exchange)}`,
        expected: '401 with an Error',
        received: statusOf(exchange),
        exchange,
      })
    }
}

// Safe operations first (a read-only run sends them too), then every one: a cookie set by a read may be
// honoured by a write.
const described = operationList.filter((operation) => operation.described)
const readers = described.filter((operation) => operation.safe)

export const ambientCredentialScenarios: Array<Scenario> = [
  { operations: readers, writes: false },
  { operations: described, writes: true },
]
  .filter(({ operations, writes }) => operations.length > 0 && (writes ? operations.length > readers.length : true))
  .map(
    ({ operations, writes }): Scenario => ({
      check: 'no_ambient_credential',
      title:
        `${operations.map((op) => op.operationId).join(', ')}: ` +
        'no cookie or token handed back stands in for the key',
      operationId: (operations[0] as OperationSpec).operationId,
      basis: interfaceSays.authentication,
      writes,
      run: (context) => nothingStandsIn(context, operations),
    }),
  )

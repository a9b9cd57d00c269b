import { operationList } from '../../spec/operations.ts'
import { resourceList } from '../../spec/resources.ts'
import type { OperationId } from '../../spec/types.ts'
import type { ClientOptions } from '../client/contract-client.ts'
import { ConfigurationFault, TargetError } from '../client/target-error.ts'
import { setAsideUnanswered, TransportFailure } from '../client/transport-failure.ts'
import { clientErrors } from '../scenarios/expect-refusal.ts'
import type { CheckResult, Exchange } from '../shared/exchange.ts'
import type { CreatedResources } from '../shared/run-result.ts'
import { failuresOf, type ScenarioResult } from '../shared/scenario-result.ts'
import { apiBelowBase } from './api-below-base.ts'
import { judgeCertificates } from './judge-certificates.ts'
import { keyRefused } from './key-refused.ts'
import { messagesBaseFault } from './messages-base-fault.ts'
import { prepareSuiteData } from './prepare-suite-data.ts'
import { RecordingClient } from './recording-client.ts'
import { unansweredFinding } from './request-answered.ts'
import type { Session } from './run-scenario.ts'
import { wrongBaseUrl } from './wrong-base-url.ts'

const listed = resourceList.filter((resource) => resource.list)
const [first] = resourceList
/** `a, b and c`. */
const inWords = (items: ReadonlyArray<string>) =>
  items.length > 1 ? `${items.slice(0, -1).join(', ')} and ${items.at(-1)}` : (items[0] ?? '')

/** What the setup does, in the words of the spec's resources (`spec/resources.ts`). */
function setupTitle(readOnly: boolean): string {
  if (readOnly) return `suite setup: list the ${inWords(listed.map((resource) => resource.plural))} the target holds`
  const filtered = listed.filter((resource) => (resource.list?.filters.length ?? 0) > 0)
  const counts = filtered.map(
    (resource) => `the ${resource.plural} of each ${inWords(resource.list?.filters.map((f) => f.parameter) ?? [])}`,
  )
  const others = resourceList.filter((resource) => !filtered.includes(resource)).map((resource) => resource.plural)
  const more = others.length > 0 ? ` and a few ${inWords(others)}` : ''
  return counts.length > 0
    ? `suite setup: count ${inWords(counts)}, create those the scenarios miss${more}, then list them`
    : `suite setup: create a few ${inWords(others)}, then list them`
}

/** What the setup of a run that is configured wrong shows: what came back, judged by nothing (no finding counts). */
const unjudged = (exchanges: ReadonlyArray<Exchange>): Array<Exchange> =>
  exchanges.map((exchange) => ({ ...exchange, results: [] }))

/**
 * Opens a session on a target: the client, and the data prepared for the scenarios. The setup's
 * own requests go through every registry check like any other, and are reported as `suite_setup`. `created` fills
 * as the run creates resources, also when the setup fails after creating some. A run configured wrong gets no
 * session, its setup an error that says what to pass, and `configurationFault`: a certificate the client does not
 * trust, the key refused on every keyed request, a base URL that answers for another service, a messages base address
 * that is the pets one. Its setup's answers are shown, their findings not counted. A run whose key was refused also
 * gets `keyRefused`, a session for the checks that need no valid key.
 * @example const { session, setup, created } = await openSession({ baseUrl, messagesBaseUrl, apiKey })
 */
export async function openSession(options: ClientOptions): Promise<{
  session?: Session
  setup: ScenarioResult
  created: CreatedResources
  configurationFault?: true
  /** The session of a run whose key was refused on every request: only checks that need no valid key run on it. */
  keyRefused?: Session
  settled(): Promise<void>
}> {
  const client = new RecordingClient(options)
  const runTag = `contract-${Date.now().toString(36)}`
  const created = { runTag, ids: client.createdIds, byKind: client.createdByKind }
  const opened = { created, settled: () => client.settled() }
  const started = performance.now()
  const setup: ScenarioResult = {
    check: 'suite_setup',
    title: setupTitle(client.readOnly),
    operationId: (client.readOnly ? (listed[0]?.list?.operationId ?? first?.creator) : first?.creator) as OperationId,
    writes: !client.readOnly,
    outcome: 'passed',
    assertions: [],
    exchanges: [],
    durationMs: 0,
  }
  const misconfigured = (reason: string, exchanges: ReadonlyArray<Exchange>) => ({
    setup: { ...setup, outcome: 'error' as const, reason, assertions: [], exchanges: unjudged(exchanges) },
    configurationFault: true as const,
    ...opened,
  })
  // The certificate of each https origin is judged first (tls_certificate), the finding kept in the setup. One the
  // run's fetch refuses too (not trusted, for another host, out of date) then ends the run at its first request, a
  // configuration fault that says what to pass (decision record 035); one it accepts but RFC 6125 has a client
  // refuse (a host named in the common name only) fails the setup, a violation.
  const overTls = options.fetch === undefined || options.fetch === globalThis.fetch
  setup.assertions.push(...(overTls ? await judgeCertificates([options.baseUrl, options.messagesBaseUrl], 10_000) : []))
  try {
    const data = await prepareSuiteData(client, runTag)
    setup.exchanges = data.setupExchanges
    setup.durationMs = Math.round(performance.now() - started)
    // The key first: a run that sees it refused says so, whatever else its answers show.
    const refused = await keyRefused(setup.exchanges, (asked) => askAnother(client, asked))
    // What needs no valid key is still judged: a server refuses a request without one whatever keys it holds.
    if (refused) return { ...misconfigured(refused, client.exchanges), keyRefused: { client, data } }
    const astray = wrongBaseUrl(setup.exchanges, options.baseUrl)
    // A base URL ending in /v1 that reaches nothing, with the pets API one segment up: deployed without its /v1.
    const below = astray ? await apiBelowBase(client, options.baseUrl) : undefined
    if (below) {
      const exchanges = [...client.exchanges]
      return { setup: { ...setup, outcome: 'failed', assertions: [...setup.assertions, below], exchanges }, ...opened }
    }
    if (astray) return misconfigured(astray, setup.exchanges)
    // Known without a request, said once the setup has shown the pets API answers there: a base URL without /v1
    // (whose messages base address the default makes the same) is first a wrong base URL.
    const sameBases = messagesBaseFault(options.baseUrl, options.messagesBaseUrl)
    if (sameBases) return misconfigured(sameBases, setup.exchanges)
    if (failuresOf(setup).length > 0) setup.outcome = 'failed'
    return { session: { client, data }, setup, ...opened }
  } catch (error) {
    if (!(error instanceof TargetError)) throw error
    setup.durationMs = Math.round(performance.now() - started)
    if (error instanceof ConfigurationFault) return misconfigured(error.message, client.exchanges)
    const unanswered = await unansweredTwiceInSetup(client, error)
    if (unanswered)
      return {
        setup: {
          ...setup,
          outcome: 'failed',
          assertions: [...setup.assertions, unanswered],
          exchanges: [...client.exchanges],
        },
        ...opened,
      }
    return { setup: { ...setup, outcome: 'error', reason: error.message, exchanges: [...client.exchanges] }, ...opened }
  }
}

/**
 * A GET of the setup that waited out its deadline, asked again with the same outcome, while the service answers the
 * valid request of another safe operation: that operation goes unanswered, a violation (`request_answered`, decision
 * record 041), not a target that could not be judged. Undefined otherwise.
 */
async function unansweredTwiceInSetup(client: RecordingClient, error: TargetError): Promise<CheckResult | undefined> {
  if (!(error instanceof TransportFailure) || error.kind !== 'timeout' || error.request.method !== 'GET')
    return undefined
  const { operationId } = error
  if (!operationId) return undefined
  const query = new URL(error.request.url).search.slice(1)
  const again = await client.call(operationId, { query }).then(
    () => undefined,
    (second: unknown) => second,
  )
  if (!(again instanceof TransportFailure) || again.kind !== 'timeout') return undefined
  const other = await answeredElsewhere(client, operationId)
  if (!other?.response) return undefined
  return unansweredFinding(
    operationId,
    `${error.message.replace(/\.$/, '')}, on both tries of the setup, while the service answered ` +
      `${other.request.method} ${other.request.url} with ${other.response.status}`,
    'no answer, twice',
  )
}

/**
 * An answer of the service at the origin of an operation the setup waited on: the valid request of another safe
 * operation there, else, in a run that writes, of an operation there that names no resource (one the setup sends
 * anyway: a message). A service whose every read of one API hangs while another API of its origin answers is
 * alive; one that answers nothing at that origin is not, and the run could not judge it.
 */
async function answeredElsewhere(client: RecordingClient, waitedOn: OperationId): Promise<Exchange | undefined> {
  const origin = new URL(client.baseUrlOf(waitedOn)).origin
  const there = (operationId: OperationId) => new URL(client.baseUrlOf(operationId)).origin === origin
  const safe = await askAnother(client, new Set([waitedOn]))
  if (safe?.response || client.readOnly) return safe
  const writers = operationList.filter(
    (item) =>
      item.described &&
      !item.safe &&
      item.operationId !== waitedOn &&
      Object.keys(item.sample.params).length === 0 &&
      there(item.operationId),
  )
  for (const operation of writers) {
    const answer = await client
      .call(operation.operationId, { json: operation.sample.json, alsoAccepted: clientErrors })
      .catch(setAsideUnanswered)
    if (answer?.response) return answer
  }
  return safe
}

/** The valid request of a safe operation the setup did not ask, with the key: what confirms a key refused. */
async function askAnother(client: RecordingClient, asked: ReadonlySet<string>): Promise<Exchange | undefined> {
  const operation = operationList.find((item) => item.described && item.safe && !asked.has(item.operationId))
  if (!operation) return undefined
  return client
    .call(operation.operationId, { params: operation.sample.params, alsoAccepted: clientErrors })
    .catch(setAsideUnanswered)
}

import fc from 'fast-check'
import type { FetchLike } from '../../contract-tests/client/contract-client.ts'
import { runContract } from '../../contract-tests/run/run-contract.ts'
import { authScenarios } from '../../contract-tests/scenarios/auth-scenarios.ts'
import { failuresOf } from '../../contract-tests/shared/scenario-result.ts'
import { createPetStoreMock } from '../../mocks/create-pet-store-mock.ts'
import { startPetStoreServer } from '../../mocks/node/start-pet-store-server.ts'
import { developmentApiKey } from '../../shared/development-api-key.ts'
import { operations } from '../../spec/operations.ts'
import { statefulRoles } from '../../spec/relations.ts'
import type { OperationId } from '../../spec/types.ts'
import { requestArbitrary } from '../fuzz/request-arbitrary.ts'

// Run inside a copy of the project that gained operations on `/pets/{petId}` (PROBE_OPERATION, see
// operation-proof.ts): what the catalogue, the stateful phase, the auth matrix, the fuzz and the contract
// suite make of it, as JSON. Typed without the operation (it exists only in the copy).

// PROBE_OPERATION names the added operations, comma-separated: the catalogue and faulty stages probe the first, the
// contract stage all of them.
const addedOperations = (process.env.PROBE_OPERATION ?? '').split(',') as Array<OperationId>
const unknown = addedOperations.find((operationId) => !operations[operationId])
if (unknown !== undefined)
  throw new Error(`Failed to probe: expected PROBE_OPERATION to name operations, got "${unknown}".`)
const added = addedOperations[0] as OperationId
const { method } = operations[added]
const addedMethods = new Set(addedOperations.map((operationId) => operations[operationId].method))
// The test file's seed (fixed under CI, fresh locally), so that a failure replays.
const seed = Number(process.env.PROBE_SEED ?? 1)
const [stage = 'catalogue', transport = 'in-process'] = process.argv.slice(2)

/** Sends through `fetch`, noting every pet created and every pet a request of an added operation named. */
function watched(fetch: FetchLike) {
  const created = new Set<string>()
  const named: Array<string> = []
  const wrapped: FetchLike = async (input, init) => {
    const request = new Request(input, init)
    const response = await fetch(input, init)
    if (addedMethods.has(request.method))
      named.push(decodeURIComponent(new URL(request.url).pathname.split('/').at(-1) ?? ''))
    if (request.method === 'POST' && response.status === 201) {
      const body = (await response.clone().json()) as { id?: unknown }
      created.add(String(body.id))
    }
    return response
  }
  return { wrapped, created, named }
}

/**
 * The added operation as a faulty server answers it, with a key: a DELETE 204 that removes nothing; a PATCH
 * 200 with the pet as it was, changing nothing. The defect the stateful phase must find under every seed.
 */
const faulty =
  (fetch: FetchLike): FetchLike =>
  async (input, init) => {
    const request = new Request(input, init)
    if (request.method !== method || !request.headers.get('authorization')) return fetch(input, init)
    if (method === 'DELETE') return new Response(null, { status: 204 })
    const old = await fetch(request.url, { headers: { authorization: request.headers.get('authorization') ?? '' } })
    return new Response(await old.text(), { status: old.status, headers: { 'content-type': 'application/json' } })
  }

async function contract(only?: Array<string>, wrap: (fetch: FetchLike) => FetchLike = (fetch) => fetch) {
  const server = transport === 'standalone' ? await startPetStoreServer({ seed }) : undefined
  const mock = server ? undefined : await createPetStoreMock({ seed })
  const target = server
    ? { baseUrl: server.baseUrl, messagesBaseUrl: server.messagesBaseUrl, fetch: globalThis.fetch as FetchLike }
    : { baseUrl: 'http://petstore.test/v1', messagesBaseUrl: 'http://petstore.test', fetch: mock?.fetch as FetchLike }
  const watch = watched(wrap(target.fetch))
  try {
    const result = await runContract({
      targetName: transport,
      baseUrl: target.baseUrl,
      messagesBaseUrl: target.messagesBaseUrl,
      apiKey: developmentApiKey,
      fetch: watch.wrapped,
      only,
      explore: { seed, maxExamples: 20 },
    })
    const failuresIn = (scenarios: typeof result.scenarios) =>
      scenarios.flatMap((scenario) =>
        failuresOf(scenario).map(({ result: check }) => `${check.check}: ${check.message}`),
      )
    const failures = failuresIn(result.scenarios)
    return {
      exitCode: result.exitCode,
      failures,
      // The steps every run takes, whatever the seed: what they find is found by no chance.
      mustTryFailures: failuresIn(
        result.scenarios.filter((scenario) => scenario.title.startsWith('stateful, every run')),
      ),
      scenarios: result.scenarios
        .filter(
          (scenario) =>
            addedOperations.includes(scenario.operationId as OperationId) || scenario.check === 'stateful_model',
        )
        .map(({ check, title, outcome, operationId }) => ({ check, title, outcome, operationId })),
      named: watch.named.length,
      namedNotCreated: watch.named.filter((id) => /^\d+$/.test(id) && !watch.created.has(id)),
    }
  } finally {
    await server?.close()
  }
}

const stages: Record<string, () => Promise<unknown>> = {
  catalogue: async () => ({
    operation: operations[added],
    role: statefulRoles[added],
    auth: authScenarios.filter((scenario) => scenario.operationId === added).map((scenario) => scenario.title),
    // How many the auth matrix gives every other described operation: one per kind of bad credential.
    authOfOthers: [
      ...new Set(
        Object.values(operations)
          .filter((operation) => operation.described && operation.operationId !== added)
          .map(
            (operation) => authScenarios.filter((scenario) => scenario.operationId === operation.operationId).length,
          ),
      ),
    ],
    fuzzed: fc
      .sample(requestArbitrary, { numRuns: 2000, seed })
      .filter((request) => request.method === method && /^\/v1\/pets\/[^/?]+/.test(request.target)).length,
  }),
  contract: () => contract(),
  faulty: () => contract(['stateful_model'], faulty),
}

const run = stages[stage]
if (!run) throw new Error(`Unknown stage "${stage}": expected one of ${Object.keys(stages).join(', ')}.`)
console.log(JSON.stringify(await run()))

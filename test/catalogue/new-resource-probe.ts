import type { FetchLike } from '../../contract-tests/client/contract-client.ts'
import { runContract } from '../../contract-tests/run/run-contract.ts'
import { selectScenarios } from '../../contract-tests/run/select-scenarios.ts'
import { failuresOf } from '../../contract-tests/shared/scenario-result.ts'
import { developmentApiKey } from '../../mocks/core/development-api-key.ts'
import { createPetStoreMock } from '../../mocks/create-pet-store-mock.ts'
import { operations } from '../../spec/operations.ts'
import { resourceList } from '../../spec/resources.ts'

// Run inside a copy of the project that gained a second kind of resource (new-resource.test.ts): what the
// contract suite makes of it on the copy's in-process mock, as JSON. Typed without the resource (it exists only in
// the copy): it reads the one the pets are not.

const added = resourceList.find((resource) => resource.list?.operationId !== 'listPets')
if (!added?.list || !added.read)
  throw new Error('Failed to probe: expected the copy to have a second resource with a list and a read.')
const { list, read } = added
const seed = Number(process.env.PROBE_SEED ?? 1)
const [stage = 'contract'] = process.argv.slice(2)
const path = (operationId: string) => `/v1${operations[operationId as keyof typeof operations].path}`
const listPath = path(list.operationId)
const readPrefix = path(read.operationId).replace(/\{[^}]+\}$/, '')

/** The pets the mock starts with: ids from 1001, which no category of the run reaches, so a pet's id shows. */
const pets = Array.from({ length: 50 }, (_, index) => ({ id: 1001 + index, name: `pet-${index}`, categoryId: 1 }))
const petIds = new Set(pets.map((pet) => String(pet.id)))

/** Sends through `fetch`, noting every id the new read was sent. */
function watched(fetch: FetchLike) {
  const read: Array<string> = []
  const wrapped: FetchLike = (input, init) => {
    const { pathname } = new URL(new Request(input, init).url)
    if (pathname.startsWith(readPrefix)) read.push(decodeURIComponent(pathname.slice(readPrefix.length)))
    return fetch(input, init)
  }
  return { wrapped, read }
}

/** The new list as a faulty server answers it: `limit` ignored, always its default page. */
const ignoresLimit =
  (fetch: FetchLike): FetchLike =>
  (input, init) => {
    const request = new Request(input, init)
    const url = new URL(request.url)
    if (request.method !== 'GET' || url.pathname !== listPath) return fetch(input, init)
    url.searchParams.delete(list.limit?.parameter ?? 'limit')
    return fetch(url.href, { headers: request.headers })
  }

/** The checks of the new list alone: what must catch a list that ignores `limit`, without the rest of the suite. */
const listChecks = () =>
  selectScenarios([]).flatMap((group) =>
    group.scenarios.filter((scenario) => scenario.operationId === list.operationId).map(({ check }) => check),
  )

async function contract(wrap: (fetch: FetchLike) => FetchLike = (fetch) => fetch, only?: ReadonlyArray<string>) {
  const mock = await createPetStoreMock({ seed, initialPets: pets })
  const watch = watched(wrap(mock.fetch as FetchLike))
  const result = await runContract({
    targetName: 'in-process',
    baseUrl: 'http://petstore.test/v1',
    messagesBaseUrl: 'http://petstore.test',
    apiKey: developmentApiKey,
    fetch: watch.wrapped,
    explore: { seed, maxExamples: 20 },
    only,
  })
  const ours = new Set([list.operationId, read.operationId, added?.creator])
  return {
    exitCode: result.exitCode,
    failures: result.scenarios.flatMap((scenario) =>
      failuresOf(scenario).map(({ result: check }) => `${scenario.operationId} ${check.check}: ${check.message}`),
    ),
    scenarios: result.scenarios
      .filter((scenario) => ours.has(scenario.operationId) || scenario.check === 'stateful_model')
      .map((scenario) => ({
        operationId: scenario.operationId,
        check: scenario.check,
        title: scenario.title,
        outcome: scenario.outcome,
      })),
    readIds: watch.read.length,
    // The ids of pets the new read was sent: a request built for it must name one of its own kind.
    readPetIds: [...new Set(watch.read.filter((id) => petIds.has(id)))],
  }
}

const stages: Record<string, () => Promise<unknown>> = {
  contract: () => contract(),
  faulty: () => contract(ignoresLimit, listChecks()),
}

const run = stages[stage]
if (!run) throw new Error(`Unknown stage "${stage}": expected one of ${Object.keys(stages).join(', ')}.`)
console.log(JSON.stringify(await run()))

import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { FetchLike } from '../../contract-tests/client/contract-client.ts'
import { consoleSummary } from '../../contract-tests/reports/console-summary.ts'
import { redact } from '../../contract-tests/reports/redact.ts'
import { writeReports } from '../../contract-tests/reports/write-reports.ts'
import { runContract } from '../../contract-tests/run/run-contract.ts'
import { failuresOf } from '../../contract-tests/shared/scenario-result.ts'
import { createPetStoreMock } from '../../mocks/create-pet-store-mock.ts'
import { developmentApiKey } from '../../shared/development-api-key.ts'
import { operations } from '../../spec/operations.ts'
import { type ResourceSpec, resourceList } from '../../spec/resources.ts'
import type { OperationId } from '../../spec/types.ts'

// Run inside a copy of the project that gained kinds of resource (new-resource.test.ts): what the contract suite
// makes of them on the copy's in-process mock, as JSON, with its reports written where the test reads them. Typed
// without the resources (they exist only in the copy): PROBE_RESOURCES names them by plural, comma-separated.
// Each argument is a stage, all run in this one process: `named` (the named checks of the added resources alone),
// `contract` (the whole suite), `faulty:<variant>:<plural>` (the checks that must catch a faulty server of it).

const plurals = (process.env.PROBE_RESOURCES ?? '').split(',')
const added = plurals.map((plural) => {
  const resource = resourceList.find((candidate) => candidate.plural === plural)
  if (!resource?.list || !resource.read)
    throw new Error(`Failed to probe: expected the copy to have the resource "${plural}" with a list and a read.`)
  return resource
})
const seed = Number(process.env.PROBE_SEED ?? 1)
const reportRoot = process.env.PROBE_REPORTS ?? 'reports'
const path = (operationId: string) => `/v1${operations[operationId as OperationId].path}`
const prefixOf = (operationId: string) => path(operationId).replace(/\{[^}]+\}$/, '')
const operationsOf = (resource: ResourceSpec) =>
  [resource.list?.operationId, resource.creator, resource.read?.operationId].filter(Boolean) as Array<string>

/** The pets the mock starts with: ids from 1001, which no integer id of an added resource reaches. */
const pets = Array.from({ length: 50 }, (_, index) => ({ id: 1001 + index, name: `pet-${index}`, categoryId: 1 }))
const petIds = new Set(pets.map((pet) => String(pet.id)))

/** Sends through `fetch`, noting every id each added read was sent. */
function watched(fetch: FetchLike) {
  const read = new Map<string, Array<string>>(added.map((resource) => [resource.plural, []]))
  const wrapped: FetchLike = (input, init) => {
    const { pathname } = new URL(new Request(input, init).url)
    for (const resource of added) {
      const prefix = prefixOf(resource.read?.operationId ?? '')
      if (!pathname.startsWith(prefix)) continue
      read.get(resource.plural)?.push(decodeURIComponent(pathname.slice(prefix.length)))
    }
    return fetch(input, init)
  }
  return { wrapped, read }
}

const errorAnswer = (status: number, message: string) =>
  new Response(JSON.stringify({ code: 'invalid_parameter', message, status }), {
    status,
    headers: { 'content-type': 'application/json' },
  })

/** Faulty servers of one resource, each one realistic defect, with the checks that must catch it. */
const variants: Record<
  string,
  (resource: ResourceSpec) => { wrap: (fetch: FetchLike) => FetchLike; checks: ReadonlyArray<string> }
> = {
  // The list ignores `limit`: always its default page.
  'ignores-limit': (resource) => ({
    wrap: (fetch) => (input, init) => {
      const request = new Request(input, init)
      const url = new URL(request.url)
      if (request.method !== 'GET' || url.pathname !== path(resource.list?.operationId ?? '')) return fetch(input, init)
      url.searchParams.delete(resource.list?.limit?.parameter ?? 'limit')
      return fetch(url.href, { headers: request.headers })
    },
    // Its named checks (the group is the list's) and the generated ones.
    checks: [resource.list?.operationId ?? '', 'generated_list_query'],
  }),
  // The read matches ids with a lower-case pattern: a UUID in upper case, as RFC 9562 lets a client write it, is
  // refused with 400 as malformed.
  'upper-case-id-refused': (resource) => ({
    wrap: (fetch) => (input, init) => {
      const { pathname } = new URL(new Request(input, init).url)
      const prefix = prefixOf(resource.read?.operationId ?? '')
      const id = decodeURIComponent(pathname.slice(prefix.length))
      return pathname.startsWith(prefix) && /[A-Z]/.test(id)
        ? Promise.resolve(errorAnswer(400, `Not a UUID: ${id}.`))
        : fetch(input, init)
    },
    checks: [`generated_${(resource.read?.operationId ?? '').replace(/[A-Z]/g, (l) => `_${l.toLowerCase()}`)}`],
  }),
  // The create stores every email address in lower case.
  'email-lower-cased': (resource) => ({
    wrap: (fetch) => async (input, init) => {
      const request = new Request(input, init)
      if (request.method !== 'POST' || new URL(request.url).pathname !== path(resource.creator))
        return fetch(input, init)
      const text = await request.text()
      let body: unknown
      try {
        body = JSON.parse(text)
      } catch {
        return fetch(request.url, { method: 'POST', headers: request.headers, body: text })
      }
      const lowered =
        typeof body === 'object' && body !== null && typeof (body as { email?: unknown }).email === 'string'
          ? { ...body, email: (body as { email: string }).email.toLowerCase() }
          : body
      return fetch(request.url, { method: 'POST', headers: request.headers, body: JSON.stringify(lowered) })
    },
    checks: ['generated_valid_create', 'create_echo'],
  }),
}

async function contract(name: string, wrap: (fetch: FetchLike) => FetchLike, only?: ReadonlyArray<string>) {
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
  const redacted = redact(result, [developmentApiKey])
  const reports = join(reportRoot, name.replaceAll(':', '-'))
  await writeReports(redacted, reports)
  await writeFile(join(reports, 'console.txt'), `${consoleSummary(redacted)}\n`)
  const ours = new Set(added.flatMap(operationsOf))
  return {
    reports,
    exitCode: result.exitCode,
    failures: result.scenarios.flatMap((scenario) =>
      failuresOf(scenario).map(({ result: check }) => `${scenario.operationId} ${check.check}: ${check.message}`),
    ),
    scenarios: result.scenarios
      .filter((scenario) => ours.has(scenario.operationId) || scenario.check === 'stateful_model')
      .map(({ operationId, check, title, outcome }) => ({ operationId, check, title, outcome })),
    // The ids each added read was sent, and those among them of a pet: a request built for it names one of its own.
    reads: Object.fromEntries(
      [...watch.read].map(([plural, ids]) => [
        plural,
        { count: ids.length, petIds: ids.filter((id) => petIds.has(id)) },
      ]),
    ),
  }
}

async function stage(name: string) {
  // The named checks of a resource's operations are the groups named after them (`resourceGroups`).
  if (name === 'named') return contract(name, (fetch) => fetch, added.flatMap(operationsOf))
  if (name === 'contract') return contract(name, (fetch) => fetch)
  const [kind, variant = '', plural] = name.split(':')
  const resource = added.find((candidate) => candidate.plural === plural)
  const make = variants[variant]
  if (kind !== 'faulty' || !make || !resource)
    throw new Error(`Unknown stage "${name}": expected named, contract or faulty:<variant>:<plural>.`)
  const { wrap, checks } = make(resource)
  return contract(name, wrap, checks)
}

const results: Record<string, unknown> = {}
for (const name of process.argv.slice(2)) results[name] = await stage(name)
console.log(JSON.stringify(results))

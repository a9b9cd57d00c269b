import { expect, it } from 'vitest'
import { ContractClient, type FetchLike } from '../../contract-tests/client/contract-client.ts'
import { validCreateJudge } from '../../contract-tests/generate/judge-valid-create.ts'
import type { ScenarioContext } from '../../contract-tests/shared/scenario.ts'
import type { SuiteData } from '../../contract-tests/shared/suite-data.ts'
import { createPetStoreMock } from '../../mocks/create-pet-store-mock.ts'
import { developmentApiKey } from '../../shared/development-api-key.ts'
import { parseJson } from '../../spec/json/parse-json.ts'
import { operations } from '../../spec/operations.ts'
import { listedResource } from '../../spec/resources.ts'

const pets = listedResource('listPets')

import { requestBodySchema } from '../../contract-tests/values/spec-parameters.ts'

const error = (status: number) =>
  new Response(JSON.stringify({ code: 'invalid', message: 'Refused.', status }), {
    status,
    headers: { 'content-type': 'application/json' },
  })

/** A server that refuses a new pet when `refuses` says so, and otherwise is the good mock; `posted` gets each body. */
async function judgeAgainst(
  refuses: (body: Record<string, unknown>) => Response | undefined,
  posted: Array<Record<string, unknown>> = [],
) {
  const mock = await createPetStoreMock()
  const fetch: FetchLike = async (input, init) => {
    if (init?.method !== 'POST' || !input.endsWith('/pets')) return mock.fetch(input, init)
    const body = parseJson(String(init.body)) as Record<string, unknown>
    posted.push(body)
    return refuses(body) ?? mock.fetch(input, init)
  }
  const client = new ContractClient({
    baseUrl: 'http://petstore.test/v1',
    messagesBaseUrl: 'http://petstore.test',
    apiKey: developmentApiKey,
    fetch,
  })
  const data = { created: [], listed: [{ id: 1, name: 'Rex', categoryId: 1 }], runTag: 'run' } as unknown as SuiteData
  const judge = validCreateJudge({ data } as ScenarioContext, pets, requestBodySchema('createPet')!, {
    ...(operations.createPet.sample.json as Record<string, unknown>),
  })
  return (json: Record<string, unknown>) => judge({ json, contentType: 'application/json', extra: false }, client)
}

it('blames a refusal on the unknown field that makes the difference, not on the categoryId beside it', async () => {
  const judge = await judgeAgainst((body) => ('note' in body ? error(400) : undefined))
  const judgement = await judge({ name: 'Rex', categoryId: 13, note: 'x' })
  expect(judgement).toMatchObject({ ok: true, deviation: expect.stringContaining('"note"') })
  expect(judgement.deviation).not.toContain('categoryId')
})

it('sends each probe once per run: the typical body and each edge value on it', async () => {
  const posted: Array<Record<string, unknown>> = []
  const judge = await judgeAgainst((body) => ('note' in body ? error(400) : undefined), posted)
  const first = { name: '', categoryId: 1, note: 'x' }
  // The body, the typical body, the empty name alone (created), the note alone (refused).
  expect(await judge(first)).toMatchObject({ ok: true, deviation: expect.stringContaining('"note"') })
  expect(posted).toHaveLength(4)
  // Another note: only the body and the new note are sent; the typical body and the empty name are known.
  expect(await judge({ name: '', categoryId: 1, note: 'y' })).toMatchObject({ ok: true })
  expect(posted.slice(4)).toEqual([
    { name: '', categoryId: 1, note: 'y' },
    { name: 'run-typical', categoryId: 1, note: 'y' },
  ])
  // The first body again: only itself.
  expect(await judge(first)).toMatchObject({ ok: true, deviation: expect.stringContaining('"note"') })
  expect(posted).toHaveLength(7)
})

it('takes a clean refusal of an empty name as a deviation naming it', async () => {
  const judge = await judgeAgainst((body) => (body.name === '' ? error(400) : undefined))
  expect(await judge({ name: '', categoryId: 1 })).toMatchObject({
    ok: true,
    deviation: 'createPet refuses an empty name with 400',
  })
})

it('fails a typical body refused, a 5xx, and an edge value stored changed', async () => {
  const refusesAll = await judgeAgainst(() => error(400))
  expect(await refusesAll({ name: 'Rex', categoryId: 1 })).toMatchObject({ ok: false })
  const crashes = await judgeAgainst((body) => (body.name === '' ? error(500) : undefined))
  expect(await crashes({ name: '', categoryId: 1 })).toMatchObject({ ok: false, message: expect.stringMatching(/500/) })
  const mock = await createPetStoreMock()
  const trims: FetchLike = (input, init) =>
    mock.fetch(input, init?.method === 'POST' ? { ...init, body: String(init.body).replace(/" +| +"/g, '"') } : init)
  const client = new ContractClient({
    baseUrl: 'http://petstore.test/v1',
    messagesBaseUrl: 'http://petstore.test',
    apiKey: developmentApiKey,
    fetch: trims,
  })
  const data = { created: [], listed: [], runTag: 'run' } as unknown as SuiteData
  const judge = validCreateJudge({ data } as ScenarioContext, pets, requestBodySchema('createPet')!, { name: 'Rex' })
  const trimmed = await judge(
    { json: { name: ' Rex ', categoryId: 1 }, contentType: 'application/json', extra: false },
    client,
  )
  expect(trimmed).toMatchObject({ ok: false, message: expect.stringContaining('"name" came back') })
})

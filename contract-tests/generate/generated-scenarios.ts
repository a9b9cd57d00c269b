import fc from 'fast-check'
import { stringifyJson } from '../../spec/json/stringify-json.ts'
import { operationList, operations } from '../../spec/operations.ts'
import type { OperationId, Pet } from '../../spec/types.ts'
import { interfaceSays, specChooses } from '../model/citations.ts'
import type { CallOptions, ContractCaller } from '../model/contract-caller.ts'
import { type Exchange, statusOf } from '../model/exchange.ts'
import type { Scenario, ScenarioContext } from '../model/scenario.ts'
import { isPet } from '../model/suite-data.ts'
import { credentialVariants } from './credential-variants.ts'
import type { ExploreOptions } from './explore-options.ts'
import { exploreProperty, type Judgement } from './explore-property.ts'
import { invalidParameterTexts, validParameterText } from './query-values.ts'
import { invalidBody, invalidBodyExamples, validBody, validBodyExamples } from './request-bodies.ts'
import { requestBodySchema, specParameters } from './spec-parameters.ts'

const status = (exchange: Exchange): number => exchange.response?.status ?? 0
const isClientError = (exchange: Exchange): boolean => status(exchange) >= 400 && status(exchange) < 500
const verdict = (exchange: Exchange, ok: boolean, message: string, expected: string): Judgement => ({
  ok,
  message,
  expected,
  received: `${statusOf(exchange)} ${exchange.response?.bodyText.slice(0, 200) ?? ''}`.trim(),
  exchange,
})

/** The query of a request from parameter texts, each encoded. */
function queryOf(values: Record<string, string | undefined>): string {
  return Object.entries(values)
    .filter((entry): entry is [string, string] => entry[1] !== undefined)
    .map(([name, value]) => `${name}=${encodeURIComponent(value)}`)
    .join('&')
}

const queryParameters = (operationId: OperationId) => specParameters(operationId).filter((p) => p.in === 'query')

/** The limit a list answer must keep: the `limit` sent when valid, else the spec's maximum. */
function listRules(query: Record<string, string | undefined>) {
  const limitSchema = queryParameters('listPets').find((p) => p.name === 'limit')?.schema ?? {}
  const maximum = limitSchema.maximum ?? 100
  const limitText = query.limit
  const limit =
    limitText === undefined
      ? Number(limitSchema.default ?? maximum)
      : /^\d+$/.test(limitText) && Number(limitText) >= (limitSchema.minimum ?? 1) && Number(limitText) <= maximum
        ? Number(limitText)
        : maximum
  return { limit, status: query.status }
}

/** Judges a 200 list by what the interface promises: at most `limit` pets, all of the filtered status, none twice. */
function judgeList(exchange: Exchange, query: Record<string, string | undefined>, forgiving: boolean): Judgement {
  const { limit, status: filter } = listRules(query)
  const pets = exchange.response?.json
  if (!Array.isArray(pets)) return verdict(exchange, false, 'the 200 body is not an array', 'a JSON array of Pet')
  if (pets.length > limit)
    return verdict(exchange, false, `${pets.length} pets returned, more than ${limit}`, `at most ${limit} pets`)
  const normalized = filter?.trim().toLowerCase()
  const other = pets.find((pet) =>
    filter === undefined ? false : forgiving ? pet?.status?.toLowerCase() !== normalized : pet?.status !== filter,
  )
  if (other)
    return verdict(
      exchange,
      false,
      `a pet with status ${stringifyJson(other.status)} in a list filtered by status=${filter}`,
      `only pets with status ${filter}`,
    )
  const ids = pets.map((pet) => String(pet?.id))
  const repeated = ids.find((id, index) => ids.indexOf(id) !== index)
  if (repeated !== undefined)
    return verdict(exchange, false, `pet ${repeated} appears twice in one page`, 'distinct pets')
  return verdict(exchange, true, '', '')
}

/**
 * The generated phase: requests derived from the spec (operations catalogue, parameters, component
 * schemas) with fast-check, each check a property over many of them, failures shrunk to the smallest
 * request and shown with a curl line. What the interface leaves open is a deviation, never a failure.
 * @example generatedScenarios(exploreOptions({ seed: 1 }))
 */
export function generatedScenarios(options: ExploreOptions): Array<Scenario> {
  const bodySchema = requestBodySchema('createPet')
  const sampleBody = operations.createPet.sample.json as Record<string, unknown>
  const scenarios: Array<Scenario> = []
  if (bodySchema) {
    scenarios.push({
      check: 'generated_valid_create',
      title: 'generated: createPet accepts every valid NewPet and echoes it exactly',
      operationId: 'createPet',
      basis: interfaceSays.newPetFields,
      writes: true,
      explores: true,
      run: (context) =>
        exploreProperty(context, options, {
          promise: 'a valid NewPet is created with 201 and echoed exactly',
          deviationBasis: specChooses.anyNewPetAccepted,
          arbitrary: validBody(bodySchema),
          examples: validBodyExamples(bodySchema, sampleBody),
          judge: (body, client) => judgeValidCreate(context, client, body),
        }),
    })
    scenarios.push({
      check: 'generated_invalid_create',
      title: 'generated: createPet refuses every invalid body with 400 and an Error',
      operationId: 'createPet',
      basis: interfaceSays.invalidBody,
      writes: true,
      explores: true,
      run: (context) =>
        exploreProperty(context, options, {
          promise: 'an invalid body is refused with a 4xx Error',
          arbitrary: invalidBody(bodySchema),
          examples: invalidBodyExamples(bodySchema, sampleBody),
          judge: async (body, client) => {
            const exchange = await client.call('createPet', {
              body: body.text,
              contentType: body.contentType,
              alsoAccepted: body.contentType === 'application/json' ? [] : [415],
            })
            const wanted = body.contentType === 'application/json' ? status(exchange) === 400 : isClientError(exchange)
            return verdict(
              exchange,
              wanted,
              `a body ${body.what} got ${statusOf(exchange)}`,
              body.contentType === 'application/json' ? '400 with an Error' : '400 or 415 with an Error',
            )
          },
        }),
    })
  }
  for (const writes of [false, true]) {
    const ids = operationList
      .filter((operation) => operation.described && operation.writes === writes)
      .map((operation) => operation.operationId)
    if (ids.length === 0) continue
    scenarios.push({
      check: 'generated_auth',
      title: `generated: ${ids.join(', ')} refuse every almost-right credential with 401, before judging anything else`,
      operationId: ids[0] as OperationId,
      basis: interfaceSays.authentication,
      writes,
      explores: true,
      run: (context) =>
        exploreProperty(context, options, {
          promise: 'an almost-right credential is refused with 401, whatever else is wrong',
          arbitrary: fc.record({
            operationId: fc.constantFrom(...ids),
            credential: fc.constantFrom(...credentialVariants()),
            alsoWrong: fc.boolean(),
            seed: fc.nat(),
          }),
          // Every credential on every operation, valid otherwise and not: a small domain, tried whole.
          examples: ids.flatMap((operationId) =>
            credentialVariants().flatMap((credential, seed) =>
              [false, true].map((alsoWrong) => ({ operationId, credential, alsoWrong, seed })),
            ),
          ),
          judge: async ({ operationId, credential, alsoWrong, seed }, client) => {
            const request = requestFor(context, operationId, alsoWrong, seed)
            const exchange = await client.call(operationId, {
              ...request,
              withKey: (key) => ({
                query: credential.query?.(key),
                headers: credential.header ? { [credential.header]: key } : undefined,
              }),
              authorization: (key) => credential.authorization(key),
            })
            // Near-copies of the key are written as shell expressions of $PETSTORE_API_KEY, never as sent.
            if (credential.shell === null) delete exchange.request.headers.authorization
            else exchange.request.headers.authorization = credential.shell
            return verdict(
              exchange,
              status(exchange) === 401,
              `${credential.what}${alsoWrong ? ' (and the request otherwise invalid)' : ''} got ${statusOf(exchange)}`,
              '401 with an Error',
            )
          },
        }),
    })
  }
  scenarios.push({
    check: 'generated_list_query',
    title: 'generated: listPets keeps limit and status for every valid query, alone and together',
    operationId: 'listPets',
    basis: interfaceSays.limit,
    writes: false,
    explores: true,
    run: (context) =>
      exploreProperty(context, options, {
        promise: 'a valid query gets 200 with at most limit pets, all of the filtered status',
        arbitrary: fc.record(
          Object.fromEntries(queryParameters('listPets').map((p) => [p.name, validParameterText(p.schema)])),
          { requiredKeys: [] },
        ) as fc.Arbitrary<Record<string, string | undefined>>,
        judge: async (query, client) => {
          const exchange = await client.call('listPets', { query: queryOf(query) || undefined })
          if (status(exchange) !== 200) return verdict(exchange, false, `got ${statusOf(exchange)}`, '200')
          return judgeList(exchange, query, false)
        },
      }),
  })
  scenarios.push({
    check: 'generated_invalid_query',
    title: 'generated: listPets refuses an invalid query, or forgives it within the rules',
    operationId: 'listPets',
    basis: interfaceSays.limit,
    writes: false,
    explores: true,
    run: (context) =>
      exploreProperty(context, options, {
        promise: 'an invalid query gets a 4xx Error, or a 200 that keeps the rules',
        deviationBasis: specChooses.invalidQueryRefused,
        arbitrary: fc
          .constantFrom(
            ...queryParameters('listPets').flatMap((p) =>
              invalidParameterTexts(p.schema).map((text) => ({ name: p.name, text })),
            ),
          )
          .chain(({ name, text }) =>
            fc
              .record(
                Object.fromEntries(
                  queryParameters('listPets')
                    .filter((p) => p.name !== name)
                    .map((p) => [p.name, validParameterText(p.schema)]),
                ),
                { requiredKeys: [] },
              )
              .map((others) => ({ ...(others as Record<string, string>), [name]: text })),
          ),
        // Each invalid value alone, once.
        examples: queryParameters('listPets').flatMap((p) =>
          invalidParameterTexts(p.schema).map((text): Record<string, string> => ({ [p.name]: text })),
        ),
        judge: async (query, client) => {
          const exchange = await client.call('listPets', { query: queryOf(query), alsoAccepted: [422] })
          if (isClientError(exchange)) return verdict(exchange, true, '', '')
          if (status(exchange) !== 200) return verdict(exchange, false, `got ${statusOf(exchange)}`, 'a 4xx or 200')
          const judgement = judgeList(exchange, query, true)
          return {
            ...judgement,
            deviation: `listPets forgives an invalid query (${Object.keys(query).join(', ')}) with 200`,
          }
        },
      }),
  })
  scenarios.push({
    check: 'generated_get_pet',
    title: 'generated: getPet answers every id: the pet, 404, or a 4xx for a malformed id',
    operationId: 'getPet',
    basis: interfaceSays.readById,
    writes: false,
    explores: true,
    run: (context) => {
      const petIdSchema = specParameters('getPet').find((p) => p.in === 'path')?.schema ?? {}
      const known = [...context.data.created, ...context.data.listed]
      return exploreProperty(context, options, {
        promise: 'getPet answers a known id with that pet, another int64 with 404 (or its pet), anything else a 4xx',
        arbitrary: fc.oneof(
          ...(known.length > 0
            ? [fc.constantFrom(...known).map((pet) => ({ kind: 'known' as const, text: String(pet.id), pet }))]
            : []),
          validParameterText(petIdSchema).map((text) => ({ kind: 'int64' as const, text, pet: undefined })),
          fc
            .constantFrom(...invalidParameterTexts(petIdSchema).filter((text) => text.trim() !== ''))
            .map((text) => ({ kind: 'invalid' as const, text, pet: undefined })),
        ),
        examples: invalidParameterTexts(petIdSchema)
          .filter((text) => text.trim() !== '')
          .map((text) => ({ kind: 'invalid' as const, text, pet: undefined })),
        judge: async ({ kind, text, pet }, client) => {
          const known = kind === 'known' ? pet : context.data.listed.find((p) => String(p.id) === text)
          const exchange = await client.call('getPet', {
            params: { petId: encodeURIComponent(text) },
            alsoAccepted: kind === 'invalid' ? [400, 404, 422] : [],
          })
          if (kind === 'invalid')
            return verdict(
              exchange,
              isClientError(exchange),
              `the malformed id ${stringifyJson(text)} got ${statusOf(exchange)}`,
              'a 4xx Error',
            )
          if (known) {
            const read = exchange.response?.json as Pet
            const same =
              status(exchange) === 200 &&
              isPet(read) &&
              String(read.id) === text &&
              read.name === known.name &&
              read.categoryId === known.categoryId &&
              read.status === known.status
            return verdict(
              exchange,
              same,
              `the known pet ${text} read back as ${statusOf(exchange)} ${exchange.response?.bodyText.slice(0, 120)}`,
              `200 ${stringifyJson(known)}`,
            )
          }
          const read = exchange.response?.json as Pet
          const ok = status(exchange) === 404 || (status(exchange) === 200 && isPet(read) && String(read.id) === text)
          return verdict(
            exchange,
            ok,
            `the id ${text} got ${statusOf(exchange)}`,
            '404, or 200 with the pet of that id',
          )
        },
      })
    },
  })
  return scenarios
}

/** Creates a valid pet and judges the echo; a refusal must be about the category, which the interface leaves open. */
async function judgeValidCreate(
  context: ScenarioContext,
  client: ContractCaller,
  body: { json: Record<string, unknown>; contentType: string; extra: boolean },
): Promise<Judgement> {
  const exchange = await client.call('createPet', {
    body: stringifyJson(body.json),
    contentType: body.contentType,
  })
  if (status(exchange) === 201) {
    const pet = exchange.response?.json as Record<string, unknown>
    for (const [field, sent] of Object.entries(body.json)) {
      if (field in operationsBodyFields() && pet?.[field] !== sent)
        return verdict(
          exchange,
          false,
          `"${field}" came back as ${stringifyJson(pet?.[field])}, not as sent`,
          stringifyJson(sent),
        )
    }
    return verdict(exchange, true, '', '')
  }
  if (status(exchange) !== 400) return verdict(exchange, false, `a valid body got ${statusOf(exchange)}`, '201')
  // Whether any categoryId must be accepted is open: the same body with a category the target accepted is the test.
  const knownCategory = context.data.created[0]?.categoryId ?? context.data.listed[0]?.categoryId ?? 1
  const plain = Object.fromEntries(Object.entries(body.json).filter(([field]) => field in operationsBodyFields()))
  const retry = await client.call('createPet', {
    body: stringifyJson({ ...plain, categoryId: knownCategory }),
    contentType: body.contentType,
  })
  if (status(retry) === 201) {
    const what =
      body.extra && plain.categoryId === knownCategory
        ? 'a body with extra fields'
        : `categoryId ${stringifyJson(body.json.categoryId)}`
    return { ...verdict(exchange, true, '', ''), deviation: `createPet refuses ${what} with 400` }
  }
  // The interface sets no limit on strings: a server may refuse control characters or a string longer than a
  // database column (255) with a 400 Error, a choice where the interface is silent; storing them changed is not.
  const limited = Object.values(plain).find((value) => typeof value === 'string' && storageLimited(value))
  if (limited !== undefined && status(retry) === 400) {
    return { ...verdict(exchange, true, '', ''), deviation: `createPet refuses ${describeLimited(limited as string)}` }
  }
  return verdict(exchange, false, `a valid body was refused with ${statusOf(exchange)}`, '201 with the pet')
}

/** Longer than a common database column, or holding a control character (NUL included). */
function storageLimited(value: string): boolean {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it looks for
  return value.length > 255 || /[\u0000-\u001f\u007f]/.test(value)
}

function describeLimited(value: string): string {
  return value.length > 255
    ? `a ${value.length}-character string with 400`
    : 'a string with a control character with 400'
}

let bodyFields: Record<string, true> | undefined
function operationsBodyFields(): Record<string, true> {
  bodyFields ??= Object.fromEntries(
    Object.keys(requestBodySchema('createPet')?.properties ?? {}).map((name) => [name, true]),
  )
  return bodyFields
}

/** A request only its credential makes wrong, or (alsoWrong) one that is wrong in another way too. */
function requestFor(context: ScenarioContext, operationId: OperationId, alsoWrong: boolean, seed: number): CallOptions {
  const sample = operations[operationId].sample
  const params = Object.fromEntries(
    Object.entries(sample.params).map(([name, value]) => [
      name,
      alsoWrong ? 'not-an-id' : (context.data.listed[0]?.id ?? value),
    ]),
  )
  const query = queryParameters(operationId)
  const invalidQuery = query.flatMap((p) =>
    invalidParameterTexts(p.schema)
      .filter(Boolean)
      .map((text) => `${p.name}=${encodeURIComponent(text)}`),
  )
  const options: CallOptions = { params }
  if (alsoWrong && invalidQuery.length > 0) options.query = invalidQuery[seed % invalidQuery.length]
  if (sample.json !== undefined) {
    if (alsoWrong) options.body = ['{"name":', '[]', 'null', '{}', ''][seed % 5]
    else
      options.json =
        operationId === 'createPet' ? { ...(sample.json as object), name: `${context.data.runTag}-auth` } : sample.json
  }
  return options
}

import type { Document } from 'yaml'
import { codeEdit, compilerTables, newFile, specEdit } from './operation-edits.ts'
import type { OperationProof } from './operation-proof.ts'

// What a newcomer writes to add `PATCH /pets/{petId}` (change `status`; 200, 400, 401, 404), file by file,
// following CONTRIBUTING's checklist: `new-operation.test.ts` applies it to a copy of the project, after `DELETE`.

const errorBody = (description: string) => ({
  description,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
})

/** Step 1 without the link: the operation and the change it takes, which the stateful phase refuses unplaced. */
const addOperation = (spec: Document) => {
  spec.setIn(
    ['components', 'schemas', 'PetChange'],
    spec.createNode({
      type: 'object',
      description: 'A change to an animal: its new availability status.',
      required: ['status'],
      additionalProperties: false,
      properties: { status: { $ref: '#/components/schemas/PetStatus' } },
    }),
  )
  spec.setIn(
    ['paths', '/pets/{petId}', 'patch'],
    spec.createNode({
      operationId: 'updatePet',
      tags: ['pets'],
      summary: 'Change the status of one animal',
      parameters: spec.toJS().paths['/pets/{petId}'].get.parameters,
      requestBody: {
        required: true,
        content: {
          'application/json': { schema: { $ref: '#/components/schemas/PetChange' }, example: { status: 'sold' } },
        },
      },
      responses: {
        '200': {
          description: 'The animal as changed.',
          content: { 'application/json': { schema: { $ref: '#/components/schemas/Pet' } } },
        },
        '400': errorBody('The body or the identifier is invalid.'),
        '401': { $ref: '#/components/responses/Unauthorized' },
        '404': errorBody('The animal could not be found.'),
      },
    }),
  )
}

/** Step 1 whole: createPet's answer links its id to updatePet, as it does to getPet. */
const addLink = (spec: Document) =>
  spec.setIn(
    ['paths', '/pets', 'post', 'responses', '201', 'links', 'UpdateCreatedPet'],
    spec.createNode({
      operationId: 'updatePet',
      parameters: { petId: '$response.body#/id' },
      description: 'Changes the status of one animal by identifier; every later read and list shows the change.',
    }),
  )

/** The handler (step 3): read the request, call the model, answer. */
const handler = newFile(
  'mocks/core/operations/update-pet.ts',
  `import * as z from 'zod'
import { componentJsonSchema } from '../../../spec/openapi-document.ts'
import type { PetStatus } from '../../../spec/types.ts'
import { MockError } from '../mock-error.ts'
import { jsonResponse } from '../mock-response.ts'
import { parseResourceId } from '../parse-resource-id.ts'
import { readJsonBody } from '../read-json-body.ts'
import { validateBody } from '../validate-body.ts'
import type { Operation } from './operation.ts'

const headers = { 'content-type': 'application/json' }
// Built from the spec's component, never retyped.
const petChangeSchema = z.fromJSONSchema(componentJsonSchema('PetChange')) as z.ZodType<{ status: PetStatus }>

/** \`PATCH /pets/{petId}\`: changes the pet's status, 200 with the pet; 404 when there is none. */
export const updatePet: Operation = async ({ request, model, route }) => {
  const id = parseResourceId(route, request.params, headers)
  const change = validateBody(petChangeSchema, await readJsonBody(request))
  const pet = Number.isSafeInteger(Number(id)) ? await model.updatePet(Number(id), change) : undefined
  if (!pet) throw new MockError(404, 'not_found', \`No pet with id \${id}.\`, headers)
  return jsonResponse(200, pet)
}
`,
)

/** The model call the handler makes (step 3): the pet table changes the pet and its indexes; the model commits. */
const modelCall = codeEdit(
  'mocks/model/create-pet-store-model.ts',
  [],
  [
    [
      'export interface PetStoreModel {',
      '\n  /** Changes the fields given of the pet; undefined when there is none. */\n' +
        '  updatePet(id: number, change: Partial<NewPet>): Promise<StoredPet | undefined>\n',
    ],
    [
      'const model: PetStoreModel = {',
      `
    async updatePet(id, change) {
      const pet = await pets.update(id, change)
      if (pet && commit) await commit(model)
      return pet
    },`,
    ],
  ],
)

/** Its scenario group (step 3): the promises of the operation, each with its basis. */
const scenarios = newFile(
  'contract-tests/scenarios/update-pet-scenarios.ts',
  `import { operations } from '../../spec/operations.ts'
import type { Scenario } from '../shared/scenario.ts'
import { expectStatus } from './expect-status.ts'
import { notCreated, sendableRequest } from './valid-request.ts'

export const updatePetScenarios: Array<Scenario> = [
  {
    check: 'update_pet',
    title: 'updatePet changes the status of a pet this run created (200), and refuses a status not allowed (400)',
    operationId: 'updatePet',
    basis: { source: 'interface', text: 'Changes the status of one animal by identifier.' },
    writes: true,
    async run(context) {
      const request = await sendableRequest(operations.updatePet, context)
      if (!request) return context.skip(notCreated)
      expectStatus(context, await context.client.call('updatePet', request), 200, 'a pet this run created is changed')
      const refused = await context.client.call('updatePet', { ...request, json: { status: 'lost' } })
      expectStatus(context, refused, 400, 'a status not allowed is refused')
    },
  },
]
`,
)

/** \`PATCH /pets/{petId}\`, and what proves it (new-operation.test.ts). */
export const updatePetProof: OperationProof = {
  operationId: 'updatePet',
  method: 'PATCH',
  file: 'update-pet',
  role: { kind: 'update', creator: 'createPet', link: { parameter: 'petId', field: 'id' }, replaces: false },
  promisedStatuses: ['200', '400', '401', '404'],
  specWithoutLink: specEdit(addOperation),
  specWithLink: specEdit(addLink),
  codeEdits: [handler, modelCall, ...compilerTables('updatePet', 'update-pet'), scenarios],
  check: 'update_pet',
  statefulTitle: /changed/,
  faultyFailure: /stateful_model: updatePet of resource \d+, created by this run, .* answered with other fields/,
  page: {
    entry: 'update-pet-page.ts',
    statuses: { created: 201, changed: 200, readBack: 200, sold: 1, unknown: 404, withoutKey: 401, controlled: 1 },
  },
}

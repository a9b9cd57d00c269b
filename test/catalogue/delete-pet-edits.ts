import type { Document } from 'yaml'
import { codeEdit, compilerTables, newFile, specEdit } from './operation-edits.ts'
import type { OperationProof } from './operation-proof.ts'

// What a newcomer writes to add `DELETE /pets/{petId}` (204; 401; 404), file by file, following
// CONTRIBUTING's checklist: `new-operation.test.ts` applies it to a copy of the project.

const petPath = ['paths', '/pets/{petId}']

/** Step 1 without the link: the operation alone, which the stateful phase refuses to leave unplaced. */
const addOperation = (spec: Document) =>
  spec.setIn(
    [...petPath, 'delete'],
    spec.createNode({
      operationId: 'deletePet',
      tags: ['pets'],
      summary: 'Remove one animal',
      parameters: spec.toJS().paths['/pets/{petId}'].get.parameters,
      responses: {
        '204': { description: 'Removed.' },
        '401': { $ref: '#/components/responses/Unauthorized' },
        '404': {
          description: 'The animal could not be found.',
          content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
        },
      },
    }),
  )

/** Step 1 whole: createPet's answer links its id to deletePet, as it does to getPet. */
const addLink = (spec: Document) =>
  spec.setIn(
    ['paths', '/pets', 'post', 'responses', '201', 'links', 'DeleteCreatedPet'],
    spec.createNode({
      operationId: 'deletePet',
      parameters: { petId: '$response.body#/id' },
      description: 'Removes one animal by identifier; it is then gone from every read and list.',
    }),
  )

/** The handler (step 3): read the request, call the model, answer. */
const handler = newFile(
  'mocks/core/operations/delete-pet.ts',
  `import { MockError } from '../mock-error.ts'
import { parseResourceId } from '../parse-resource-id.ts'
import type { Operation } from './operation.ts'

const headers = { 'content-type': 'application/json' }

/** \`DELETE /pets/{petId}\`: removes the pet, 204; 404 when there is none. */
export const deletePet: Operation = async ({ request, model, route }) => {
  const id = parseResourceId(route, request.params, headers)
  const removed = Number.isSafeInteger(Number(id)) && (await model.deletePet(Number(id)))
  if (!removed) throw new MockError(404, 'not_found', \`No pet with id \${id}.\`, headers)
  return { status: 204, headers: {} }
}
`,
)

/** The model call the handler makes (step 3): the pet table removes the pet and its indexes; the model commits. */
const modelCall = codeEdit(
  'mocks/model/create-pet-store-model.ts',
  [],
  [
    [
      'export interface PetStoreModel {',
      '\n  /** Removes the pet; false when there is none. */\n  deletePet(id: number): Promise<boolean>\n',
    ],
    [
      'const model: PetStoreModel = {',
      `
    async deletePet(id) {
      const removed = await pets.remove(id)
      if (removed && commit) await commit(model)
      return removed
    },`,
    ],
  ],
)

/** Its scenario group (step 3): the promises of the operation, each with its basis. */
const scenarios = newFile(
  'contract-tests/scenarios/delete-pet-scenarios.ts',
  `import { operations } from '../../spec/operations.ts'
import type { Scenario } from '../shared/scenario.ts'
import { expectStatus } from './expect-status.ts'
import { notCreated, sendableRequest } from './valid-request.ts'

export const deletePetScenarios: Array<Scenario> = [
  {
    check: 'delete_pet',
    title: 'deletePet removes a pet this run created (204), then answers 404 for it',
    operationId: 'deletePet',
    basis: { source: 'interface', text: 'Removes one animal by identifier.' },
    writes: true,
    async run(context) {
      const request = await sendableRequest(operations.deletePet, context)
      if (!request) return context.skip(notCreated)
      expectStatus(context, await context.client.call('deletePet', request), 204, 'a pet this run created is removed')
      expectStatus(context, await context.client.call('deletePet', request), 404, 'a removed pet is not found')
    },
  },
]
`,
)

/** `DELETE /pets/{petId}`, and what proves it (new-operation.test.ts). */
export const deletePetProof: OperationProof = {
  operationId: 'deletePet',
  method: 'DELETE',
  file: 'delete-pet',
  role: { kind: 'remove', creator: 'createPet', link: { parameter: 'petId', field: 'id' } },
  promisedStatuses: ['204', '401', '404'],
  specWithoutLink: specEdit(addOperation),
  specWithLink: specEdit(addLink),
  codeEdits: [handler, modelCall, ...compilerTables('deletePet', 'delete-pet'), scenarios],
  check: 'delete_pet',
  statefulTitle: /removed/,
  faultyFailure: /stateful_model: resource \d+, removed by this run, (read back|is still listed)/,
  page: {
    entry: 'delete-pet-page.ts',
    statuses: { created: 201, removed: 204, readBack: 404, removedAgain: 404, withoutKey: 401, controlled: 1 },
  },
}

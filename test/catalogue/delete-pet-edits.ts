import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { parse, stringify } from 'yaml'

// What a newcomer writes to add `DELETE /pets/{petId}` (204; 401; 404), file by file, following
// CONTRIBUTING's checklist: `new-operation.test.ts` applies it to a copy of the project.

/** One file the newcomer writes or edits, by its path in the project. */
export interface Edit {
  path: string
  apply(text: string | undefined): string
}

/** Inserts `addition` after `anchor`, failing loudly when the file no longer has it. */
function after(anchor: string, addition: string): (text: string | undefined) => string {
  return (text) => {
    if (text === undefined || !text.includes(anchor))
      throw new Error(`Failed to edit the copy: expected the text ${JSON.stringify(anchor)}, found none.`)
    return text.replace(anchor, `${anchor}${addition}`)
  }
}

type Spec = {
  paths: Record<string, Record<string, { parameters?: unknown; responses?: Record<string, Record<string, unknown>> }>>
}

/** Step 1 without the link: the operation alone, which the stateful phase refuses to leave unplaced. */
export const specWithoutLink: Edit = {
  path: 'spec/openapi.yaml',
  apply(text) {
    const spec = parse(text ?? '') as Spec
    const petPath = spec.paths['/pets/{petId}'] as Spec['paths'][string]
    petPath.delete = {
      operationId: 'deletePet',
      tags: ['pets'],
      summary: 'Remove one animal',
      parameters: petPath.get?.parameters,
      responses: {
        '204': { description: 'Removed.' },
        '401': { $ref: '#/components/responses/Unauthorized' },
        '404': {
          description: 'The animal could not be found.',
          content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
        },
      },
    } as Spec['paths'][string][string]
    return stringify(spec)
  },
}

/** Step 1 whole: createPet's answer links its id to deletePet, as it does to getPet. */
export const specWithLink: Edit = {
  path: 'spec/openapi.yaml',
  apply(text) {
    const spec = parse(specWithoutLink.apply(text)) as Spec
    const created = spec.paths['/pets']?.post?.responses?.['201'] as { links: Record<string, unknown> }
    created.links.DeleteCreatedPet = {
      operationId: 'deletePet',
      parameters: { petId: '$response.body#/id' },
      description: 'Removes one animal by identifier; it is then gone from every read and list.',
    }
    return stringify(spec)
  },
}

/** The compiler names the operations table (step 3). */
const coreTable: Edit = {
  path: 'mocks/core/create-pet-store-core.ts',
  apply: (text) =>
    after(
      "import { createPet } from './operations/create-pet.ts'\n",
      "import { deletePet } from './operations/delete-pet.ts'\n",
    )(text).replace('{ listPets, createPet, getPet,', '{ listPets, createPet, getPet, deletePet,'),
}

/** The handler (step 3): read the request, call the model, answer. */
const handler: Edit = {
  path: 'mocks/core/operations/delete-pet.ts',
  apply: () => `import { MockError } from '../mock-error.ts'
import { parsePetId } from '../parse-pet-id.ts'
import type { Operation } from './operation.ts'

const headers = { 'content-type': 'application/json' }

/** \`DELETE /pets/{petId}\`: removes the pet, 204; 404 when there is none. */
export const deletePet: Operation = async ({ request, model }) => {
  const id = parsePetId(request.params.petId ?? '', headers)
  const removed = Number.isSafeInteger(Number(id)) && (await model.deletePet(Number(id)))
  if (!removed) throw new MockError(404, 'not_found', \`No pet with id \${id}.\`, headers)
  return { status: 204, headers: {} }
}
`,
}

/** The model call the handler makes (step 3): the pet table removes the pet and its indexes; the model commits. */
const modelCall: Edit = {
  path: 'mocks/model/create-pet-store-model.ts',
  apply: (text) =>
    after(
      '  findPet(id: number): StoredPet | undefined\n',
      '  /** Removes the pet; false when there is none. */\n  deletePet(id: number): Promise<boolean>\n',
    )(text).replace(
      '    createPet(newPet) {\n',
      `    async deletePet(id) {
      const removed = await pets.remove(id)
      if (removed && commit) await commit(model)
      return removed
    },
    createPet(newPet) {
`,
    ),
}

/** Its scenario group (step 3): the promises of the operation, each with its basis. */
const scenarios: Edit = {
  path: 'contract-tests/scenarios/delete-pet-scenarios.ts',
  apply: () => `import { operations } from '../../spec/operations.ts'
import type { Scenario } from '../model/scenario.ts'
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
}

/** The compiler names the scenario registry (step 3). */
const registry: Edit = {
  path: 'contract-tests/scenarios/registry.ts',
  apply: (text) =>
    after(
      "import { createPetScenarios, invalidBodyScenarios, mediaTypeScenarios } from './create-pet-scenarios.ts'\n",
      "import { deletePetScenarios } from './delete-pet-scenarios.ts'\n",
    )(text).replace(
      "  getPet: [{ name: 'getPet', scenarios: getPetScenarios }],\n",
      "  getPet: [{ name: 'getPet', scenarios: getPetScenarios }],\n" +
        "  deletePet: [{ name: 'deletePet', scenarios: deletePetScenarios }],\n",
    ),
}

/** Every file the newcomer writes once the spec has the operation and its link, in checklist order. */
export const codeEdits: ReadonlyArray<Edit> = [handler, modelCall, coreTable, registry, scenarios]

/**
 * Applies an edit to the copy at `root`; returns the path written.
 * @example await applyEdit(copy, specWithLink)
 */
export async function applyEdit(root: string, edit: Edit): Promise<string> {
  const file = join(root, edit.path)
  const text = await readFile(file, 'utf8').catch(() => undefined)
  await writeFile(file, edit.apply(text))
  return edit.path
}

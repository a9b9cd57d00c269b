import type { Document } from 'yaml'
import { codeEdit, type Edit } from './operation-edits.ts'

// What every new kind of resource writes besides its own spec and seed (CONTRIBUTING's "Add a resource", step 3):
// the two tables the compiler names, each given the generic operations and the generic named checks.

/** The three operations of a resource a newcomer adds: its list, its create, its read by id. */
export interface ResourceOperations {
  list: string
  create: string
  read: string
}

/** A kind of resource a newcomer adds, the edits that add it, and what its proof reads. */
export interface ResourceProof {
  /** Its plural, as the spec's path gives it (`owners`). */
  plural: string
  operations: ResourceOperations
  /** Step 1: the spec. */
  spec: Edit
  /** Every other file written once the spec has it, in checklist order (its seed, the two tables). */
  codeEdits: ReadonlyArray<Edit>
}

/**
 * The two tables the compiler names for a new resource (step 3): the mock's operations take the generic ones, the
 * contract's scenario groups the generic named checks. An import the table already has is not repeated.
 * @example resourceTables({ list: 'listOwners', create: 'createOwner', read: 'getOwner' })
 */
export function resourceTables(operations: ResourceOperations): Array<Edit> {
  const { list, create, read } = operations
  return [
    codeEdit(
      'mocks/core/create-pet-store-core.ts',
      [
        "import { createResource } from './operations/create-resource.ts'",
        "import { listResources } from './operations/list-resources.ts'",
        "import { readResource } from './operations/read-resource.ts'",
      ],
      [
        [
          'const operations: Record<OperationId, Operation> = {',
          ` ${list}: listResources, ${create}: createResource, ${read}: readResource,`,
        ],
      ],
    ),
    codeEdit(
      'contract-tests/scenarios/registry.ts',
      ["import { resourceGroups } from './resource-scenarios.ts'"],
      [
        [
          'const byOperation: Record<OperationId, ReadonlyArray<ScenarioGroup>> = {',
          [list, create, read].map((operationId) => `\n  ${operationId}: resourceGroups('${operationId}'),`).join(''),
        ],
      ],
    ),
  ]
}

/**
 * The seed of a new resource (step 2): the records every store starts with, under its creating operation.
 * @example resourceSeed('createOwner', [{ name: 'Ada', email: 'ada@example.com' }])
 */
export function resourceSeed(creator: string, records: ReadonlyArray<Readonly<Record<string, unknown>>>): Edit {
  return codeEdit(
    'mocks/model/resource-seeds.ts',
    [],
    [
      [
        'export const resourceSeeds: Readonly<Record<string, ReadonlyArray<Readonly<Record<string, unknown>>>>> = {',
        `\n  ${creator}: ${JSON.stringify(records)},\n`,
      ],
    ],
  )
}

/** A tag of the spec, added to the tags it has. */
export const addTag = (spec: Document, name: string, description: string) =>
  spec.setIn(['tags'], spec.createNode([...spec.toJS().tags, { name, description }]))

import type { Document } from 'yaml'
import { specEdit } from './operation-edits.ts'
import { addTag, type ResourceProof, resourceSeed, resourceTables } from './resource-edits.ts'

// What a newcomer writes to add a kind of resource unlike the pets, owners (`GET /owners` with a `limit` of its
// own, `GET /owners/{ownerId}`, `POST /owners`): a UUID string id the service assigns, an `email` field, a name
// with lengths and an optional `uri`, following CONTRIBUTING's checklist "Add a resource": `new-resource.test.ts`
// applies it to a copy of the project.

const errorBody = (description: string) => ({
  description,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
})
const json = (schema: string) => ({ 'application/json': { schema: { $ref: `#/components/schemas/${schema}` } } })

const ownerFields = {
  name: { type: 'string', minLength: 1, maxLength: 60, description: "The owner's name." },
  email: { type: 'string', format: 'email', description: 'Where the store writes to the owner.' },
  website: { type: 'string', format: 'uri', description: "The owner's page, when they have one." },
}

/** Step 1: the schemas, the three operations, the creator's link and the list's `x-collection`. */
const addOwners = (spec: Document) => {
  spec.setIn(
    ['components', 'schemas', 'NewOwner'],
    spec.createNode({
      type: 'object',
      description: 'An owner to add.',
      required: ['name', 'email'],
      properties: ownerFields,
    }),
  )
  spec.setIn(
    ['components', 'schemas', 'Owner'],
    spec.createNode({
      type: 'object',
      description: 'An owner as returned, with the identifier the service assigned.',
      required: ['id', 'name', 'email'],
      properties: { id: { type: 'string', format: 'uuid' }, ...ownerFields },
    }),
  )
  addTag(spec, 'owners', 'Owners.')
  spec.setIn(
    ['paths', '/owners'],
    spec.createNode({
      get: {
        operationId: 'listOwners',
        tags: ['owners'],
        summary: 'List owners',
        'x-collection': {
          description: 'Lists the owners `POST /owners` created, oldest first: `limit` caps how many.',
          limit: 'limit',
          basis: {
            list: 'A list of owners is a JSON array of Owner objects.',
            limit: 'limit: minimum 1, maximum 50, default 10; the most owners returned.',
          },
        },
        parameters: [
          {
            name: 'limit',
            in: 'query',
            required: false,
            description: 'The most owners returned.',
            schema: { type: 'integer', format: 'int32', minimum: 1, maximum: 50, default: 10 },
          },
        ],
        responses: {
          '200': {
            description: 'The owners.',
            content: {
              'application/json': { schema: { type: 'array', items: { $ref: '#/components/schemas/Owner' } } },
            },
          },
          '400': { $ref: '#/components/responses/InvalidParameter' },
          '401': { $ref: '#/components/responses/Unauthorized' },
        },
      },
      post: {
        operationId: 'createOwner',
        tags: ['owners'],
        summary: 'Add an owner',
        requestBody: {
          required: true,
          content: {
            'application/json': {
              ...json('NewOwner')['application/json'],
              example: { name: 'Ada Lovelace', email: 'ada@example.com' },
            },
          },
        },
        responses: {
          '201': {
            description: 'The created owner, including its assigned `id`.',
            content: json('Owner'),
            links: {
              GetCreatedOwner: {
                operationId: 'getOwner',
                parameters: { ownerId: '$response.body#/id' },
                description: 'Returns one owner by identifier.',
              },
            },
          },
          '400': errorBody('The body is missing required fields or has invalid values.'),
          '401': { $ref: '#/components/responses/Unauthorized' },
          '413': { $ref: '#/components/responses/PayloadTooLarge' },
        },
      },
    }),
  )
  spec.setIn(
    ['paths', '/owners/{ownerId}'],
    spec.createNode({
      get: {
        operationId: 'getOwner',
        tags: ['owners'],
        summary: 'Fetch one owner',
        parameters: [
          {
            name: 'ownerId',
            in: 'path',
            required: true,
            schema: { type: 'string', format: 'uuid' },
            example: '3f8a4c2e-5b1d-4e7f-9a6c-2d8e0b1f4a7c',
          },
        ],
        responses: {
          '200': { description: 'The owner.', content: json('Owner') },
          '400': { $ref: '#/components/responses/InvalidParameter' },
          '401': { $ref: '#/components/responses/Unauthorized' },
          '404': errorBody('The owner could not be found.'),
        },
      },
    }),
  )
}

const operations = { list: 'listOwners', create: 'createOwner', read: 'getOwner' }

/** Owners, and what proves them (new-resource.test.ts). */
export const ownerProof: ResourceProof = {
  plural: 'owners',
  operations,
  spec: specEdit(addOwners),
  codeEdits: [
    resourceSeed('createOwner', [
      { name: 'Ada Lovelace', email: 'ada@example.com' },
      { name: 'Alan Turing', email: 'alan@example.org', website: 'https://example.org/alan' },
    ]),
    ...resourceTables(operations),
  ],
}

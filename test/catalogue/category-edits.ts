import type { Document } from 'yaml'
import { specEdit } from './operation-edits.ts'
import { addTag, type ResourceProof, resourceSeed, resourceTables } from './resource-edits.ts'

// What a newcomer writes to add a second kind of resource, categories (`GET /categories` with the pets' `limit`
// rules, `GET /categories/{categoryId}`, `POST /categories`), file by file, following CONTRIBUTING's checklist
// "Add a resource": `new-resource.test.ts` applies it to a copy of the project.

const errorBody = (description: string) => ({
  description,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
})
const json = (schema: string) => ({ 'application/json': { schema: { $ref: `#/components/schemas/${schema}` } } })

/** Step 1: the schemas, the three operations, the creator's link and the list's `x-collection`. */
const addCategories = (spec: Document) => {
  spec.setIn(
    ['components', 'schemas', 'NewCategory'],
    spec.createNode({
      type: 'object',
      description: 'A category to add.',
      required: ['name'],
      properties: { name: { type: 'string', description: "The category's name." } },
    }),
  )
  spec.setIn(
    ['components', 'schemas', 'Category'],
    spec.createNode({
      type: 'object',
      description: 'A category as returned, with the identifier the service assigned.',
      required: ['id', 'name'],
      properties: { id: { type: 'integer', format: 'int64' }, name: { type: 'string' } },
    }),
  )
  addTag(spec, 'categories', 'Categories.')
  spec.setIn(
    ['paths', '/categories'],
    spec.createNode({
      get: {
        operationId: 'listCategories',
        tags: ['categories'],
        summary: 'List categories',
        'x-collection': {
          description: 'Lists the categories `POST /categories` created: `limit` caps how many.',
          limit: 'limit',
        },
        parameters: [{ $ref: '#/components/parameters/Limit' }],
        responses: {
          '200': {
            description: 'The categories.',
            content: {
              'application/json': { schema: { type: 'array', items: { $ref: '#/components/schemas/Category' } } },
            },
          },
          '400': { $ref: '#/components/responses/InvalidParameter' },
          '401': { $ref: '#/components/responses/Unauthorized' },
        },
      },
      post: {
        operationId: 'createCategory',
        tags: ['categories'],
        summary: 'Add a category',
        requestBody: {
          required: true,
          content: { 'application/json': { ...json('NewCategory')['application/json'], example: { name: 'Dogs' } } },
        },
        responses: {
          '201': {
            description: 'The created category, including its assigned `id`.',
            content: json('Category'),
            links: {
              GetCreatedCategory: {
                operationId: 'getCategory',
                parameters: { categoryId: '$response.body#/id' },
                description: 'Returns one category by identifier.',
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
    ['paths', '/categories/{categoryId}'],
    spec.createNode({
      get: {
        operationId: 'getCategory',
        tags: ['categories'],
        summary: 'Fetch one category',
        parameters: [
          { name: 'categoryId', in: 'path', required: true, schema: { type: 'integer', format: 'int64' }, example: 1 },
        ],
        responses: {
          '200': { description: 'The category.', content: json('Category') },
          '400': { $ref: '#/components/responses/InvalidParameter' },
          '401': { $ref: '#/components/responses/Unauthorized' },
          '404': errorBody('The category could not be found.'),
        },
      },
    }),
  )
}

/** Categories, and what proves them (new-resource.test.ts). */
export const categoryProof: ResourceProof = {
  plural: 'categories',
  operations: { list: 'listCategories', create: 'createCategory', read: 'getCategory' },
  spec: specEdit(addCategories),
  codeEdits: [
    resourceSeed('createCategory', [{ name: 'Dogs' }, { name: 'Cats' }, { name: 'Birds' }]),
    ...resourceTables({ list: 'listCategories', create: 'createCategory', read: 'getCategory' }),
  ],
}

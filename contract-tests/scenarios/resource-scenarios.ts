import { stringifyJson } from '../../spec/json/stringify-json.ts'
import { operations } from '../../spec/operations.ts'
import { isResource, resourceOf } from '../../spec/resources.ts'
import type { OperationId } from '../../spec/types.ts'
import { resourceBasis } from '../shared/citations.ts'
import { sameFields } from '../shared/same-fields.ts'
import type { Scenario } from '../shared/scenario.ts'
import { dataOf, type Resource } from '../shared/suite-data.ts'
import { invalidParameterTexts, unknownParameterTexts } from '../values/query-values.ts'
import { clientErrors, expectRefusal } from './expect-refusal.ts'
import { expectStatus } from './expect-status.ts'
import { listScenarios } from './list-scenarios.ts'
import type { ScenarioGroup } from './registry.ts'
import { validRequest } from './valid-request.ts'

/** The create of any kind: the creator's status, a body of its kind echoing what was sent, read back the same. */
function createScenarios(operationId: OperationId): Array<Scenario> {
  const resource = resourceOf(operationId)
  if (!resource || resource.creator !== operationId) return []
  const { noun, createdStatus, read } = resource
  const basis = resourceBasis(resource)
  return [
    {
      check: 'create_echo',
      title: `${operationId} answers ${createdStatus} with the ${noun} it was sent, read back the same`,
      operationId,
      basis: basis.created,
      writes: true,
      async run(context) {
        const sent = validRequest(operations[operationId], context.data)?.json as Resource
        const exchange = await context.client.call(operationId, { json: sent })
        if (!expectStatus(context, exchange, createdStatus, `a valid ${noun} is created`)) return
        const created = exchange.response?.json as Resource
        if (
          !context.assert(isResource(resource, created), {
            message: `the answer is a ${resource.schemaName}`,
            exchange,
          })
        )
          return
        context.assert(sameFields(created, sent), {
          message: `the ${noun} created has the fields it was sent`,
          expected: stringifyJson(sent),
          received: exchange.response?.bodyText,
          exchange,
        })
        if (!read) return
        const id = created[resource.idField] as string | number
        const readBack = await context.client.call(read.operationId, { params: { [read.parameter]: id } })
        if (!expectStatus(context, readBack, 200, `the created ${noun} is found`)) return
        context.assert(sameFields(readBack.response?.json, created), {
          message: `the ${noun} read back has the fields it was created with`,
          expected: stringifyJson(created),
          received: readBack.response?.bodyText,
          exchange: readBack,
          check: 'created_readable',
          basis: basis.read,
        })
      },
    },
  ]
}

/**
 * The read by id of any kind: a known one with its fields, an unknown one 404, a malformed id a 4xx. Unknown and
 * malformed ids come from the id's schema (`resource.id`): large integers or drawn UUIDs, a word or a near-miss.
 */
function readScenarios(operationId: OperationId): Array<Scenario> {
  const resource = resourceOf(operationId)
  if (!resource?.read || resource.read.operationId !== operationId) return []
  const { noun, idField } = resource
  const { parameter } = resource.read
  const bases = resourceBasis(resource)
  const basis = bases.read
  // A word where the schema takes one (`abc` for an integer or a UUID), else its first near-miss.
  const malformedTexts = invalidParameterTexts(resource.id.schema).filter((text) => text.trim() !== '')
  const malformed = malformedTexts.find((text) => /^[a-z]+$/.test(text)) ?? malformedTexts[0]
  return [
    {
      check: 'get_matches_list',
      title: `${operationId} answers 200 for a known ${noun} with the same fields`,
      operationId,
      basis,
      writes: false,
      async run(context) {
        const { listed, created } = dataOf(context.data, operationId)
        const known = [...listed, ...created].slice(0, 3)
        if (known.length === 0) return context.skip(`The target holds no ${noun} this run knows to read back.`)
        for (const item of known) {
          const id = item[idField] as string | number
          const exchange = await context.client.call(operationId, { params: { [parameter]: id } })
          if (!expectStatus(context, exchange, 200, `${noun} ${id} is found`)) continue
          context.assert(sameFields(exchange.response?.json, item), {
            message: `${noun} ${id} has the fields it was listed or created with`,
            expected: stringifyJson(item),
            received: exchange.response?.bodyText,
            exchange,
          })
        }
      },
    },
    {
      check: 'unknown_id_not_found',
      title: `${operationId} answers 404 with an Error for an unknown id`,
      operationId,
      basis: bases.notFound,
      writes: false,
      async run(context) {
        const { listed, created } = dataOf(context.data, operationId)
        const known = new Set([...listed, ...created].map((item) => String(item[idField])))
        const [unknown] = unknownParameterTexts(resource.id.schema, known)
        if (unknown === undefined) return context.skip(`Every id of the ${noun}s' schema is one the run knows.`)
        const exchange = await context.client.call(operationId, { params: { [parameter]: unknown } })
        expectStatus(context, exchange, 404, `id ${unknown} is not found`)
      },
    },
    ...(malformed === undefined
      ? []
      : [
          {
            check: 'invalid_id_rejected',
            title:
              `${operationId} answers a 4xx Error to the id ${stringifyJson(malformed)}, ` +
              `not ${resource.id.value.admits}`,
            operationId,
            basis,
            writes: false,
            async run(context) {
              const exchange = await context.client.call(operationId, {
                params: { [parameter]: encodeURIComponent(malformed) },
                alsoAccepted: clientErrors,
              })
              expectRefusal(context, exchange, {
                preferred: 400,
                refusals: '4xx',
                forgivable: false,
                choice: bases.invalidId,
                what: `id ${stringifyJson(malformed)}`,
              })
            },
          } satisfies Scenario,
        ]),
  ]
}

/**
 * The named checks of an operation on a kind of resource, from its row of `spec/resources.ts`, whatever the kind:
 * a list's (`listScenarios`), a create's, a read's. What a registry entry for a new resource's operation holds.
 * @example const byOperation = { listCategories: resourceGroups('listCategories'), … }
 */
export function resourceGroups(operationId: OperationId): Array<ScenarioGroup> {
  const resource = resourceOf(operationId)
  const scenarios =
    resource?.list?.operationId === operationId
      ? listScenarios(operationId)
      : [...createScenarios(operationId), ...readScenarios(operationId)]
  return scenarios.length > 0 ? [{ name: operationId, scenarios }] : []
}

import { stringifyJson } from '../../spec/json/stringify-json.ts'
import { type OperationSpec, operationList } from '../../spec/operations.ts'
import { namingRole, statefulRoles } from '../../spec/relations.ts'
import { clientErrors } from '../scenarios/expect-refusal.ts'
import { notCreated, sendableRequest } from '../scenarios/valid-request.ts'
import { type Exchange, statusOf } from '../shared/exchange.ts'
import { messageSays } from '../shared/message-citations.ts'
import type { Scenario, ScenarioContext } from '../shared/scenario.ts'
import { resolve } from '../values/spec-parameters.ts'
import { fitted } from '../values/string-values.ts'
import { bodyOperations } from './body-operations.ts'

/** The operation that reads what `operation` creates, by the spec's links (its create's link), if any. */
const readerOf = (operation: OperationSpec) =>
  operationList.find(
    (other) => other.safe && namingRole(statefulRoles[other.operationId])?.creator === operation.operationId,
  )

/**
 * A Content-Location in a request is context, never what the request means (RFC 9110 section 8.7: "MUST NOT use
 * such context information to alter the request semantics"; "MUST treat the information as transitory request
 * context rather than as metadata to be saved verbatim as part of the representation"), on every described operation
 * with content: one naming a resource the run created (its read's URL) and one naming another host. The create still
 * creates (a new id, never the one named), its answer holds no trace of the URI, and the resource named reads as it
 * did. A 4xx is a refusal the sentence allows; a 5xx is a violation.
 */
async function judgeContentLocation(context: ScenarioContext, operation: OperationSpec): Promise<void> {
  // An update or a removal names a resource created for this request alone, never one another check relies on.
  const request = await sendableRequest(operation, context)
  if (!request) return context.skip(notCreated)
  const reader = readerOf(operation)
  const role = reader && namingRole(statefulRoles[reader.operationId])
  let named: { id: unknown; read: Exchange } | undefined
  if (reader && role) {
    const first = await context.client.call(operation.operationId, { ...request, record: false })
    const id = (first.response?.json as Record<string, unknown> | undefined)?.[role.link.field]
    if (id !== undefined) {
      const read = await context.client.call(reader.operationId, { params: { [role.link.parameter]: id as string } })
      named = { id, read }
    }
  }
  const locations = [...(named ? [named.read.request.url] : []), 'http://evil.example/contract-suite/elsewhere']
  // Its first field of free text, a text of the run's own.
  const body = bodyOperations.find((candidate) => candidate.operation.operationId === operation.operationId)
  const [field] = body?.stringFields ?? []
  const located =
    field === undefined
      ? {}
      : { [field]: fitted(resolve(body?.schema.properties?.[field] ?? {}), `${context.data.runTag}-located`, 1) }
  for (const location of locations) {
    const json = { ...(request.json as Record<string, unknown>), ...located }
    const answer = await context.client.call(operation.operationId, {
      ...request,
      json,
      headers: { 'content-location': location },
      alsoAccepted: clientErrors,
    })
    const status = answer.response?.status ?? 0
    const where = `${operation.operationId} with Content-Location: ${location}`
    if (status >= 400 && status < 500) continue
    const body = answer.response?.json as Record<string, unknown> | undefined
    const sameId =
      named !== undefined && role !== undefined && stringifyJson(body?.[role.link.field]) === stringifyJson(named.id)
    const traced = (answer.response?.bodyText ?? '').includes(location)
    context.assert(status >= 200 && status < 300 && !sameId && !traced, {
      message: sameId
        ? `${where} wrote the resource it names instead of creating one`
        : traced
          ? `${where} keeps the URI in what it stored`
          : `${where} answers ${statusOf(answer)}`,
      expected: 'a new resource, as without the field, and no trace of the URI',
      received: `${statusOf(answer)} ${answer.response?.bodyText.slice(0, 160) ?? ''}`,
      exchange: answer,
    })
  }
  if (!named || !reader || !role) return
  const again = await context.client.call(reader.operationId, { params: { [role.link.parameter]: named.id as string } })
  context.assert(stringifyJson(again.response?.json) === stringifyJson(named.read.response?.json), {
    message: `${reader.operationId} of the resource a Content-Location named reads otherwise after the create`,
    expected: named.read.response?.bodyText.slice(0, 160),
    received: again.response?.bodyText.slice(0, 160),
    exchange: again,
  })
}

/** For every described operation with content: a request Content-Location changes nothing of what it does. */
export const contentLocationScenarios: Array<Scenario> = operationList
  .filter((operation) => operation.described && operation.sample.json !== undefined)
  .map(
    (operation): Scenario => ({
      check: 'content_location_ignored',
      title: `${operation.operationId} with a Content-Location creates as without it, and changes nothing it names`,
      operationId: operation.operationId,
      basis: messageSays.contentLocationInRequest,
      writes: true,
      run: (context) => judgeContentLocation(context, operation),
    }),
  )

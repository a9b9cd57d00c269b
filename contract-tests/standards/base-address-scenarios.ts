import { type OperationSpec, operationList } from '../../spec/operations.ts'
import { clientErrors } from '../scenarios/expect-refusal.ts'
import { validRequest } from '../scenarios/valid-request.ts'
import { interfaceSays } from '../shared/citations.ts'
import type { Exchange } from '../shared/exchange.ts'
import type { Scenario, ScenarioContext } from '../shared/scenario.ts'

/** The base address an exchange's request went to: its URL without the operation's path and query. */
function baseOf(exchange: Exchange, operation: OperationSpec): URL {
  const url = new URL(exchange.request.url)
  const depth = operation.path.split('/').filter(Boolean).length
  const segments = url.pathname.split('/')
  url.pathname = segments.slice(0, segments.length - depth).join('/') || '/'
  url.search = ''
  return url
}

/** Whether an answer is the service's own: a list or an object in JSON, or the 401 the interface promises. */
const answersAsTheService = (exchange: Exchange) => {
  const { status, json } = exchange.response ?? {}
  return (status === 200 || status === 401) && typeof json === 'object' && json !== null
}

/**
 * The base address the run was given is the interface's (IF-L9, IF-L166): a deployment whose base address serves
 * the operations ends in the path segment `v1`, whatever prefix comes before it (`/api/v1` is one). Judged only where
 * the base answers as the service does (its list, or its 401 with an Error): a base that answers nothing of the
 * service is a wrong address, which the run's other checks and its hint report, not a deployment at another path.
 */
async function judgeBase(context: ScenarioContext, operation: OperationSpec): Promise<void> {
  const request = validRequest(operation, context.data)
  if (!request) return context.skip('No request of this operation can be built.')
  const exchange = await context.client.call(operation.operationId, { ...request, alsoAccepted: clientErrors })
  const base = baseOf(exchange, operation)
  if (!answersAsTheService(exchange))
    return context.skip(`${base.href} does not answer ${operation.operationId} as the service: nothing to judge.`)
  const last = base.pathname.split('/').filter(Boolean).at(-1)
  context.assert(last === 'v1', {
    message:
      `The base address ${base.href} serves the pets but ends in ` +
      `${last ? `/${last}` : 'no path segment'}, not /v1`,
    expected: 'a base address whose last path segment is v1 (e.g. https://api.example.com/v1 or …/api/v1)',
    received: base.href,
    exchange,
  })
}

/** Once, on the first described safe operation of the pets' base (listPets). */
export const baseAddressScenarios: Array<Scenario> = operationList
  .filter((operation) => operation.described && operation.safe && operation.base === 'pets')
  .slice(0, 1)
  .map(
    (operation): Scenario => ({
      check: 'base_address_version',
      title: 'The base address that serves the pets ends in the path segment /v1',
      operationId: operation.operationId,
      basis: interfaceSays.baseAddress,
      writes: false,
      run: (context) => judgeBase(context, operation),
    }),
  )

import { statefulRoles } from '../../spec/relations.ts'
import type { OperationId } from '../../spec/types.ts'
import { ContractClient } from '../client/contract-client.ts'
import type { CallOptions } from '../model/contract-caller.ts'
import type { Exchange } from '../model/exchange.ts'
import { isPet } from '../model/suite-data.ts'

/**
 * The run's client, which also notes the id of every resource a creating operation (a `create` role of the spec's
 * relations) answered with its success status, probes of the exploring phases included: what the run left on the
 * target, listed in the JSON report.
 * @example const client = new RecordingClient(options); await client.call('createPet', { json }); client.createdIds
 */
export class RecordingClient extends ContractClient {
  readonly createdIds: Array<string> = []

  override async call(operationId: OperationId, options?: CallOptions): Promise<Exchange> {
    const exchange = await super.call(operationId, options)
    const role = statefulRoles[operationId]
    const body = exchange.response?.json
    if (role?.kind === 'create' && exchange.response?.status === role.status && isPet(body))
      this.createdIds.push(String(body.id))
    return exchange
  }
}

import { statefulRoles } from '../../spec/relations.ts'
import type { OperationId } from '../../spec/types.ts'
import { ContractClient } from '../client/contract-client.ts'
import type { CallOptions } from '../shared/contract-caller.ts'
import type { Exchange } from '../shared/exchange.ts'
import { isPet } from '../shared/suite-data.ts'

/**
 * The run's client, which also notes the id of every resource a creating operation (a `create` role of the spec's
 * relations) answered with its success status, probes of the exploring phases included: what the run left on the
 * target, listed in the JSON report. `settled()` waits for the requests still in flight: a time budget ends a check
 * without waiting for the request it was sending.
 * @example const client = new RecordingClient(options); await client.call('createPet', { json }); client.createdIds
 */
export class RecordingClient extends ContractClient {
  readonly createdIds: Array<string> = []
  private readonly inFlight = new Set<Promise<Exchange>>()

  override call(operationId: OperationId, options?: CallOptions): Promise<Exchange> {
    const call = this.record(operationId, options)
    this.inFlight.add(call)
    const forget = () => this.inFlight.delete(call)
    call.then(forget, forget)
    return call
  }

  /** Resolves once no request is in flight, those a finished request leads to included. */
  async settled(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.allSettled([...this.inFlight])
  }

  private async record(operationId: OperationId, options?: CallOptions): Promise<Exchange> {
    const exchange = await super.call(operationId, options)
    const role = statefulRoles[operationId]
    const body = exchange.response?.json
    if (role?.kind === 'create' && exchange.response?.status === role.status && isPet(body))
      this.createdIds.push(String(body.id))
    return exchange
  }
}

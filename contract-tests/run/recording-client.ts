import { statefulRoles } from '../../spec/relations.ts'
import { isResource, resources } from '../../spec/resources.ts'
import type { OperationId } from '../../spec/types.ts'
import { ContractClient } from '../client/contract-client.ts'
import type { CallOptions } from '../shared/contract-caller.ts'
import type { Exchange } from '../shared/exchange.ts'

/**
 * The run's client, which also notes the id of every resource a creating operation (a `create` role of the spec's
 * relations) answered with its success status, probes of the exploring phases included: what the run left on the
 * target, listed in the JSON report. `settled()` waits for the requests still in flight: a time budget ends a check
 * without waiting for the request it was sending.
 * @example const client = new RecordingClient(options); await client.call('createPet', { json }); client.createdIds
 */
export class RecordingClient extends ContractClient {
  readonly createdIds: Array<string> = []
  /** How many requests of the run got an answer: a service that answers, set against a request that got none. */
  answered = 0
  /** The same ids by kind, under each kind's plural (`pets`), in the order the kinds were first created. */
  readonly createdByKind: Record<string, Array<string>> = {}
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
    if (exchange.response) this.answered += 1
    const role = statefulRoles[operationId]
    const body = exchange.response?.json
    const resource = resources[operationId]
    if (
      role?.kind === 'create' &&
      resource &&
      exchange.response?.status === role.status &&
      isResource(resource, body)
    ) {
      const id = String((body as Record<string, unknown>)[resource.idField])
      this.createdIds.push(id)
      this.createdByKind[resource.plural] ??= []
      this.createdByKind[resource.plural]?.push(id)
    }
    return exchange
  }
}

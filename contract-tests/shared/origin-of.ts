import type { OperationId } from '../../spec/types.ts'
import type { ContractCaller } from './contract-caller.ts'

/**
 * The origin of the base address of an operation's API (scheme, host and port): where a connection for its requests
 * goes. The pets API and the messages API may have two (the interface gives them two base addresses).
 * @example originOf(context.client, 'sendMessage') === originOf(context.client, 'listPets') // one origin, or two
 */
export function originOf(client: Pick<ContractCaller, 'baseUrlOf'>, operationId: OperationId): string {
  return new URL(client.baseUrlOf(operationId)).origin
}

import type { OperationSpec } from '../../../spec/operations.ts'
import type { PetStoreModel } from '../../model/create-pet-store-model.ts'
import type { MockResponse } from '../mock-response.ts'
import type { OperationRequest } from '../operation-request.ts'

interface OperationContext {
  request: OperationRequest
  model: PetStoreModel
  route: OperationSpec
}

/** One operation of the spec: reads the request, calls the model, answers. Throws `MockError` to refuse. */
export type Operation = (context: OperationContext) => MockResponse | Promise<MockResponse>

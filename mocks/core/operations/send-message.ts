import { newMessageSchema } from '../../../spec/schemas.ts'
import { jsonResponse } from '../mock-response.ts'
import { readJsonBody } from '../read-json-body.ts'
import { storeFull } from '../store-full.ts'
import { validateBody } from '../validate-body.ts'
import type { Operation } from './operation.ts'

/** `POST /messages` (quickstart): 202 with the queued message; 507 when the store is full (`--max-pets`). */
export const sendMessage: Operation = async ({ request, model }) => {
  const { message } = validateBody(newMessageSchema, await readJsonBody(request))
  return jsonResponse(202, await model.queueMessage(message).catch(storeFull))
}

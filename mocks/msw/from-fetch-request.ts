import type { OperationRequest } from '../core/operation-request.ts'
import { readCappedBody } from './read-capped-body.ts'

/** Adapts a Fetch `Request` (and the path parameters a router found) to the core's request. */
export function fromFetchRequest(
  request: Request,
  params: Readonly<Record<string, string | undefined>>,
): OperationRequest {
  return {
    params,
    query: new URL(request.url).searchParams,
    header: (name) => request.headers.get(name),
    readBody: () => readCappedBody(request),
  }
}

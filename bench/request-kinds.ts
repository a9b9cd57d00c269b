import type { LoadRequest } from './run-autocannon.ts'

export interface RequestKind {
  key: 'list' | 'get' | 'create'
  /** As our mock serves it, for tables and charts. */
  label: string
  method: 'GET' | 'POST'
  /** Relative to the API base: `/v1` on ours and on bare, the root on Prism. */
  path: string
  body?: string
  /** What ours and bare must answer; Prism may answer any 2xx. */
  expectedStatus: number
}

const authorization = 'Bearer petstore-dev-key'

/**
 * The three requests the bench compares. Every one carries the development key; the POST body is a
 * valid `NewPet`.
 * @example toLoadRequest(requestKinds[0], '/v1') // { method: 'GET', path: '/v1/pets?limit=20', headers: {...} }
 */
export const requestKinds: ReadonlyArray<RequestKind> = [
  { key: 'list', label: 'GET /v1/pets?limit=20', method: 'GET', path: '/pets?limit=20', expectedStatus: 200 },
  { key: 'get', label: 'GET /v1/pets/{id}', method: 'GET', path: '/pets/1', expectedStatus: 200 },
  {
    key: 'create',
    label: 'POST /v1/pets',
    method: 'POST',
    path: '/pets',
    body: JSON.stringify({ name: 'Rex', categoryId: 1, status: 'available' }),
    expectedStatus: 201,
  },
]

/** The request as sent to a target whose API lives under `prefix`. */
export function toLoadRequest(kind: Pick<RequestKind, 'method' | 'path' | 'body'>, prefix: string): LoadRequest {
  const headers: Record<string, string> = { authorization }
  if (kind.body !== undefined) headers['content-type'] = 'application/json'
  return { method: kind.method, path: `${prefix}${kind.path}`, headers, body: kind.body }
}

import { MockError } from '../mock-error.ts'
import type { Operation } from './operation.ts'

/** `GET /store/orders`: referred to by the interface, never described; the mock says so. */
export const listStoreOrders: Operation = () => {
  throw new MockError(
    501,
    'not_implemented',
    'Store orders are not described by the interface, so the mock does not serve them.',
  )
}

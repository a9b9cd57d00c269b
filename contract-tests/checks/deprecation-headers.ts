import { specChooses } from '../shared/citations.ts'
import { ownMethod, passed, type ResponseCheck, warning } from './response-check.ts'

/** A deprecated operation announces it: `Deprecation` and `Sunset` headers. Missing ones are a deviation only. */
export const deprecationHeaders: ResponseCheck = {
  name: 'deprecation_headers',
  description: 'A deprecated operation sends Deprecation (RFC 9745) and Sunset (RFC 8594) headers (a deviation).',
  basis: specChooses.deprecationHeaders,
  run: ({ request, response }, contract) => {
    if (!contract.deprecated || response.status !== 200 || !ownMethod(request.method, contract)) return undefined
    const missing = ['deprecation', 'sunset'].filter((name) => response.headers[name] === undefined)
    if (missing.length === 0) return passed('Deprecation and Sunset are sent.')
    return warning(
      `${contract.operationId} is deprecated but the response has no ${missing.join(' or ')} header.`,
      'Deprecation and Sunset headers',
      'missing',
    )
  },
}

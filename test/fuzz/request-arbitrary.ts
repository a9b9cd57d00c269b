import fc from 'fast-check'
import { operationList } from '../../spec/operations.ts'
import { bodyArbitrary } from './body-arbitrary.ts'
import { type FuzzRequest, fuzzRequest } from './fuzz-request.ts'
import { headersArbitrary } from './headers-arbitrary.ts'
import { operationTargetArbitrary, queryArbitrary, requestTargetArbitrary } from './request-target-arbitrary.ts'

/**
 * The methods of the issue, then ones a transport may or may not allow (fetch refuses CONNECT, TRACE, TRACK).
 * @example fuzzMethods.common.includes('PATCH') // true
 */
export const fuzzMethods = {
  common: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
  odd: [
    'TRACE',
    'CONNECT',
    'TRACK',
    'PROPFIND',
    'QUERY',
    'SEARCH',
    'REPORT',
    'MKCOL',
    'PURGE',
    'LINK',
    'M-SEARCH',
    'BREW',
    'get',
    'Post',
    'X'.repeat(200),
  ],
} as const

const anyMethod = fc.oneof(
  { withCrossShrink: true },
  { weight: 3, arbitrary: fc.constantFrom(...fuzzMethods.common) },
  { weight: 1, arbitrary: fc.constantFrom(...fuzzMethods.odd) },
)

// A method the path has, so that most requests reach an operation rather than a 404 or a 405.
const routeMethodAndTarget = fc.oneof(
  ...operationList.map((operation) =>
    !operation.safe
      ? fc
          .constant(operation.method)
          .chain((method) => operationTargetArbitrary(operation).map((target) => ({ method, target })))
      : fc
          .tuple(
            fc.constantFrom(operation.method, operation.method, 'HEAD'),
            operationTargetArbitrary(operation),
            operation.described ? queryArbitrary : fc.constant(''),
          )
          .map(([method, target, query]) => ({ method, target: `${target}${query}` })),
  ),
)

const methodAndTarget = fc.oneof(
  { withCrossShrink: true },
  { weight: 3, arbitrary: routeMethodAndTarget },
  { weight: 2, arbitrary: fc.record({ method: anyMethod, target: requestTargetArbitrary }) },
)

/**
 * Hostile requests to the mock: every method, tricky targets, Authorization and Content-Type
 * variants, malformed and oversized headers, and bad bodies. Printed by fast-check as one line.
 * @example await fc.assert(fc.asyncProperty(requestArbitrary, async (request) => { ... }))
 */
export const requestArbitrary: fc.Arbitrary<FuzzRequest> = fc
  .record({
    methodAndTarget,
    headers: headersArbitrary,
    body: fc.option(bodyArbitrary, { freq: 6, nil: undefined }),
    framing: fc.constantFrom<FuzzRequest['framing']>('content-length', 'content-length', 'chunked'),
    bodyOnRead: fc.integer({ min: 0, max: 9 }),
  })
  // A body on GET or HEAD (kept one time in ten, and shrunk away) tests that it is ignored; fetch cannot send one.
  .map(({ methodAndTarget: { method, target }, bodyOnRead, ...request }) => {
    const read = /^(GET|HEAD)$/i.test(method)
    return fuzzRequest({ ...request, method, target, body: read && bodyOnRead < 9 ? undefined : request.body })
  })

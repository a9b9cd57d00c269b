import fc from 'fast-check'
import { operationList, operations } from '../../spec/operations.ts'
import type { OperationId } from '../../spec/types.ts'
import { clientErrors } from '../scenarios/expect-refusal.ts'
import { notCreated, sendableRequest, validRequest } from '../scenarios/valid-request.ts'
import { interfaceSays, specChooses } from '../shared/citations.ts'
import type { CallOptions } from '../shared/contract-caller.ts'
import { statusOf } from '../shared/exchange.ts'
import type { Scenario, ScenarioContext } from '../shared/scenario.ts'
import { invalidParameterTexts } from '../values/query-values.ts'
import { specParameters } from '../values/spec-parameters.ts'
import { credentialVariants } from './credential-variants.ts'
import type { ExploreOptions } from './explore-options.ts'
import { exploreProperty } from './explore-property.ts'
import { pathForms } from './path-forms.ts'
import { followingRedirects, redirectOf, redirectStatuses } from './request-form-redirects.ts'
import { responseStatus, verdict } from './verdict.ts'

/** A request only its credential makes wrong, or (alsoWrong) one that is wrong in another way too. */
async function requestFor(
  context: ScenarioContext,
  operationId: OperationId,
  alsoWrong: boolean,
  seed: number,
): Promise<CallOptions> {
  const operation = operations[operationId]
  if (!alsoWrong) return (await sendableRequest(operation, context)) ?? context.skip(notCreated)
  const options = validRequest(operation, context.data) as CallOptions
  const params = Object.fromEntries(Object.keys(operation.sample.params).map((name) => [name, 'not-an-id']))
  const invalidQuery = specParameters(operationId)
    .filter((p) => p.in === 'query')
    .flatMap((p) =>
      invalidParameterTexts(p.schema)
        .filter(Boolean)
        .map((text) => `${p.name}=${encodeURIComponent(text)}`),
    )
  const wrong: CallOptions = { params }
  if (invalidQuery.length > 0) wrong.query = invalidQuery[seed % invalidQuery.length]
  if (options.json !== undefined) wrong.body = ['{"name":', '[]', 'null', '{}', ''][seed % 5]
  return wrong
}

/** The context, once every operation has a valid request to vary; else the scenario is skipped. */
function withRequests(context: ScenarioContext, ids: ReadonlyArray<OperationId>): ScenarioContext {
  if (ids.some((id) => validRequest(operations[id], context.data) === undefined)) context.skip(notCreated)
  return context
}

/**
 * The generated authentication checks: every almost-right credential refused with 401 on every operation,
 * whatever else is wrong with the request; and every form of the request target a server answers with a
 * 2xx (trailing slash, doubled slash, other case, percent-encoding) still asks for the key.
 * @example generatedAuthScenarios(exploreOptions({ seed: 1 }))
 */
export function generatedAuthScenarios(options: ExploreOptions): Array<Scenario> {
  const scenarios: Array<Scenario> = []
  for (const safe of [true, false]) {
    const ids = operationList
      .filter((operation) => operation.described && operation.safe === safe)
      .map((operation) => operation.operationId)
    if (ids.length === 0) continue
    scenarios.push({
      check: 'generated_auth',
      title: `generated: ${ids.join(', ')} refuse every almost-right credential with 401, before judging anything else`,
      operationId: ids[0] as OperationId,
      basis: interfaceSays.authentication,
      writes: !safe,
      explores: true,
      withoutKey: true,
      run: (context) =>
        exploreProperty(withRequests(context, ids), options, {
          promise: 'an almost-right credential is refused with 401, whatever else is wrong',
          deviationBasis: specChooses.authenticationFirst,
          arbitrary: fc.record({
            operationId: fc.constantFrom(...ids),
            credential: fc.constantFrom(...credentialVariants()),
            alsoWrong: fc.boolean(),
            seed: fc.nat(),
          }),
          // Every credential on every operation, valid otherwise and not: a small domain, tried whole.
          examples: ids.flatMap((operationId) =>
            credentialVariants().flatMap((credential, seed) =>
              [false, true].map((alsoWrong) => ({ operationId, credential, alsoWrong, seed })),
            ),
          ),
          judge: async ({ operationId, credential, alsoWrong, seed }, client) => {
            const exchange = await client.call(operationId, {
              ...(await requestFor(context, operationId, alsoWrong, seed)),
              withKey: (key) => ({
                query: credential.query?.(key),
                headers: credential.header ? { [credential.header]: key } : undefined,
              }),
              authorization: (key) => credential.authorization(key),
            })
            // Near-copies of the key are written as shell expressions of $PETSTORE_API_KEY, never as sent.
            if (credential.shell === null) delete exchange.request.headers.authorization
            else exchange.request.headers.authorization = credential.shell
            const status = responseStatus(exchange)
            // Wrong twice over, refused for the other fault first: which of two errors comes first is left open.
            if (alsoWrong && status !== 401 && status >= 400 && status < 500)
              return {
                ...verdict(exchange, true, '', '401 with an Error'),
                deviation: `${operationId} refuses a request without a valid key that is also invalid with ${status}`,
              }
            return verdict(
              exchange,
              responseStatus(exchange) === 401,
              `${credential.what}${alsoWrong ? ' (and the request otherwise invalid)' : ''} got ${statusOf(exchange)}`,
              '401 with an Error',
            )
          },
        }),
    })
    scenarios.push({
      check: 'generated_path_auth',
      title: `generated: ${ids.join(', ')} ask for the key in every form of the request target they answer`,
      operationId: ids[0] as OperationId,
      basis: interfaceSays.authentication,
      writes: !safe,
      explores: true,
      run: (context) => {
        const cases = ids.flatMap((operationId) =>
          pathForms.flatMap((form) =>
            [null, 'Bearer contract-suite-unknown-key-0000'].map((wrong) => ({
              operationId,
              form,
              wrong,
            })),
          ),
        )
        return exploreProperty(withRequests(context, ids), options, {
          promise: 'a request target answered with a 2xx in another form still needs the key',
          deviationBasis: specChooses.requestFormAnswered,
          arbitrary: fc.constantFrom(...cases),
          examples: cases,
          judge: async ({ operationId, form, wrong }, client) => {
            // Each request its own: the keyed one may remove what it names.
            const request = async () => ({
              ...((await sendableRequest(operations[operationId], context)) ?? context.skip(notCreated)),
              rewriteUrl: form.apply,
            })
            const keyed = await client.call(operationId, {
              ...(await request()),
              ...followingRedirects,
              alsoAccepted: [...clientErrors, ...redirectStatuses],
            })
            // A redirect for a form the interface does not describe differs from our spec's choice, no more.
            const redirect = redirectOf(keyed)
            const deviation = redirect && {
              deviation: `${operationId} ${form.what} answers with a redirect (${redirect})`,
              deviationKey: `redirect ${operationId} ${form.what}`,
            }
            // A form the server does not answer as the resource (404, a framework's own page) is its own business.
            if (responseStatus(keyed) < 200 || responseStatus(keyed) >= 300) return { ok: true, ...deviation }
            const exchange = await client.call(operationId, {
              ...(await request()),
              ...followingRedirects,
              authorization: wrong,
            })
            // A redirect not followed (to another origin) serves nothing: only a 2xx without the key gives it away.
            const refused = responseStatus(exchange) === 401 || redirectStatuses.includes(responseStatus(exchange))
            const through = exchange.response?.redirects?.length ? ` after ${redirectOf(exchange)}` : ''
            return {
              ...verdict(
                exchange,
                refused,
                `${operationId} ${form.what} answers ${statusOf(exchange)}${through} to ` +
                  `${wrong === null ? 'no Authorization header' : 'an unknown key'} (${statusOf(keyed)} with the key)`,
                '401 with an Error',
              ),
              ...deviation,
            }
          },
        })
      },
    })
  }
  return scenarios
}

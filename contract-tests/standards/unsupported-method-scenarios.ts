import { clientErrors } from '../scenarios/expect-refusal.ts'
import { interfaceSays, specChooses } from '../shared/citations.ts'
import { type Exchange, statusOf } from '../shared/exchange.ts'
import type { Scenario, ScenarioContext } from '../shared/scenario.ts'
import { type InterfacePath, interfacePaths, methodsOf, requestOnPath } from './interface-paths.ts'

/** A method no registry lists and no pet store implements: what RFC 9110 calls unrecognized. */
export const unknownMethod = 'FROBNICATE'

/** The methods of RFC 9110 a path may lack, then the unknown one. HEAD and OPTIONS have checks of their own. */
const candidates = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', unknownMethod] as const

const safe = (method: string) => method === 'GET'

/**
 * A method a path lacks, with and without the key. Refused: a 405 (the spec's answer; its `Allow` judged by the
 * registry's `allow_on_405`), another 4xx (a deviation), or 501 (RFC 9110 section 9.1's answer to a method a
 * server does not implement). A 2xx with the key is an operation the interface does not show (a deviation: it
 * allows unlisted, beta ones); a 2xx without the key breaks "Every operation requires a bearer credential". The
 * registry judges the application's answers too (an `Error` for a 4xx, never a 5xx but 501). The unknown method
 * is refused by many an HTTP parser (node's among them) before any application reads the request, with a bare
 * 400 or the framework's own error body: a deviation from the spec's `Error` even there, never a violation.
 */
async function judge(context: ScenarioContext, path: InterfacePath, method: string, keyed: boolean): Promise<void> {
  const request = await requestOnPath(path, method, context)
  if (!request) return
  const exchange = await context.client.call(request.operationId, {
    ...request,
    ...(!keyed && { authorization: null }),
    alsoAccepted: clientErrors,
    record: false,
  })
  const status = exchange.response?.status ?? 0
  const sent = `${method} ${path.path} ${keyed ? 'with the key' : 'without a key'}`
  const refused = (status >= 400 && status < 500) || status === 501
  if (method === unknownMethod && refused) return refusedUnknown(context, exchange, sent)
  context.client.keep(exchange)
  if (status >= 200 && status < 300) {
    if (!keyed)
      return void context.assert(false, {
        message: `${sent} answers ${status}: something was done without the key`,
        expected: '401, 404, 405 or 501, with an Error',
        received: statusOf(exchange),
        exchange,
        basis: interfaceSays.everyOperation,
      })
    return observe(context, exchange, `${sent} answers ${status}, an operation the interface does not show`)
  }
  if (keyed && refused && status !== 405 && status !== 501)
    return observe(context, exchange, `${sent} is refused with ${status}`)
  if (refused) context.assert(true, { message: `${sent} is refused with ${status}`, exchange })
}

/** An unknown method refused: with an `Error` (judged like any answer), or by an HTTP parser in its own way. */
function refusedUnknown(context: ScenarioContext, exchange: Exchange, sent: string): void {
  const status = exchange.response?.status ?? 0
  const shaped = !exchange.results.some(
    (result) => result.check === 'error_body_conformance' && result.outcome !== 'passed',
  )
  const bare = exchange.response?.bodyText === '' && !exchange.response.headers['content-type']
  if (shaped && !bare) {
    context.client.keep(exchange)
    return void context.assert(true, { message: `${sent} is refused with ${status}`, exchange })
  }
  context.observe({
    message:
      `${sent} is refused with ${status} ${bare ? 'without a body' : 'in a shape of its own'}, ` +
      'as an HTTP parser refuses a method it does not know',
    expected: `${status} with an Error`,
    received: `${status} ${exchange.response?.bodyText.slice(0, 80) ?? ''}`.trim(),
    exchange,
    basis: specChooses.parserRefusalIsError,
  })
}

function observe(context: ScenarioContext, exchange: Exchange, message: string): void {
  context.observe({
    message: `${message}; the spec answers 405 with Allow`,
    expected: '405 with Allow',
    received: statusOf(exchange),
    exchange,
    basis: specChooses.methodNotAllowed,
  })
}

/**
 * Every method each path of the interface lacks, and an unknown one, with and without the key. A method
 * that could change what it names (any but GET) goes only to a path that names one resource, naming one
 * created for that request: never to a collection, where it would name what the run did not create.
 */
export const unsupportedMethodScenarios: Array<Scenario> = interfacePaths.flatMap((path) => {
  const lacking = candidates.filter((method) => !methodsOf(path).has(method))
  return [true, false].flatMap((reads): Array<Scenario> => {
    const methods = lacking.filter((method) => safe(method) === reads && (reads || path.resource !== undefined))
    if (methods.length === 0) return []
    return [
      {
        check: 'unsupported_method',
        title: `${path.path} refuses ${methods.join(', ')}: a 4xx Error (or 501), never a 2xx without the key`,
        operationId: (path.operations[0] ?? { operationId: 'listPets' }).operationId,
        basis: interfaceSays.everyOperation,
        writes: !reads,
        async run(context) {
          for (const method of methods) for (const keyed of [false, true]) await judge(context, path, method, keyed)
        },
      },
    ]
  })
})

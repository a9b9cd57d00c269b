import { type OperationSpec, operationList } from '../../spec/operations.ts'
import { notCreated, sendableRequest } from '../scenarios/valid-request.ts'
import { interfaceSays } from '../shared/citations.ts'
import type { CallOptions, WrittenParts } from '../shared/contract-caller.ts'
import { type Basis, type Exchange, statusOf } from '../shared/exchange.ts'
import { messageSays } from '../shared/message-citations.ts'
import type { Scenario, ScenarioContext } from '../shared/scenario.ts'
import { unknownKey } from './request-freedom-forms.ts'
import { sendForm } from './wire-form-judge.ts'

const emptyHostServed: Basis = {
  source: 'x-mock-behaviour',
  text:
    'The mock refuses a request-target with an empty host (400). RFC 9110 section 4.2.1: "A recipient that processes ' +
    'such a URI reference MUST reject it as invalid."; a server that routes by the path alone (most frameworks) ' +
    'never processes the empty authority, and answers what the path names.',
}

const asteriskServed: Basis = {
  source: 'x-mock-behaviour',
  text:
    'The mock refuses GET * (400). RFC 9110 section 7.1: the asterisk-form "MUST NOT be used with other methods" ' +
    'than OPTIONS, a rule for the client; RFC 9112 section 3.2.4 names it for a server-wide OPTIONS only.',
}

const misdirectedEcho: Basis = {
  source: 'x-mock-behaviour',
  text:
    'The mock builds no URI from the Host field. RFC 9110 section 7.4: an origin server decides per target URI ' +
    'whether to serve a request, and may answer a misdirected one with 421; an answer naming the host a client ' +
    'wrote sends the next client there (host header injection).',
}

/** A request-target in absolute-form built from the operation's URL: `build` writes it from the URL's parts. */
const absolute =
  (build: (url: URL) => string) =>
  (parts: WrittenParts, url: URL): WrittenParts => ({ ...parts, target: build(url) })

const pathOf = (url: URL) => `${url.pathname}${url.search}`

/** What is wrong with an answer to a target RFC 9110 calls invalid: a 5xx always, a 2xx without a valid key. */
function judgeInvalid(
  context: ScenarioContext,
  exchange: Exchange,
  where: string,
  keyed: boolean,
  served: Basis = emptyHostServed,
): void {
  const status = exchange.response?.status
  if (status === undefined || (status >= 300 && status < 500))
    return void context.assert(true, { message: `${where} is refused (${statusOf(exchange)})`, exchange })
  if (status >= 500 || !keyed) {
    context.assert(false, {
      message: `${where} answers ${statusOf(exchange)}`,
      expected: status >= 500 ? 'a 4xx refusal (400) or no answer' : '401 or 400: no valid key was sent',
      received: statusOf(exchange),
      exchange,
      ...(status < 500 && { basis: interfaceSays.everyOperation }),
    })
    return
  }
  context.observe({
    message: `${where} is served (${status}) though its target URI is invalid`,
    expected: '400: the target is rejected as invalid',
    received: statusOf(exchange),
    exchange,
    basis: served,
  })
}

/** The request with the key and without one (an unknown key where the form carries the key itself). */
async function bothWays(
  context: ScenarioContext,
  operation: OperationSpec,
  request: CallOptions,
  what: string,
  write: (parts: WrittenParts, url: URL) => WrittenParts,
  judge: (exchange: Exchange, where: string, keyed: boolean) => void,
  options: { keyless?: CallOptions['authorization'] } = {},
): Promise<Exchange> {
  const form = { what, write }
  const keyed = await sendForm(context, operation, request, form)
  judge(keyed, `${operation.operationId} with ${what}`, true)
  const keyless = await sendForm(context, operation, request, form, options.keyless ?? null)
  judge(keyless, `${operation.operationId} with ${what}, without a valid key`, false)
  return keyed
}

/**
 * Targets RFC 9110 makes invalid, or a request that reached the wrong origin, on one operation: an http and an https
 * URI with an empty host (sections 4.2.1 and 4.2.2: rejected), the https URI of the target sent over the run's
 * plain connection to an http base (section 7.4: never served without the key), the key as userinfo of the target
 * with no Authorization (section 4.2.4: an error; the interface asks a bearer credential), a Host naming another host
 * (section 7.4: refused, 421, or answered as the service answers, never with a URI built from that host), and for a
 * GET the asterisk-form (section 7.1: for OPTIONS only). A 5xx is a violation everywhere (the interface lists none).
 */
async function judgeTargets(context: ScenarioContext, operation: OperationSpec): Promise<void> {
  const request = await sendableRequest(operation, context)
  if (!request) return context.skip(notCreated)
  const invalid = (exchange: Exchange, where: string, keyed: boolean) => judgeInvalid(context, exchange, where, keyed)
  let url: URL | undefined
  for (const scheme of ['http', 'https']) {
    const keyed = await bothWays(
      context,
      operation,
      request,
      `the target ${scheme}:/// (an empty host)`,
      absolute((target) => `${scheme}://${pathOf(target)}`),
      invalid,
    )
    url ??= new URL(keyed.request.url)
  }
  if (url?.protocol === 'http:')
    await bothWays(
      context,
      operation,
      request,
      'the https URI of the target over a plain connection',
      absolute((target) => `https://${target.host}${pathOf(target)}`),
      (exchange, where, keyed) => {
        if (!keyed || (exchange.response?.status ?? 0) >= 500) judgeInvalid(context, exchange, where, keyed)
      },
    )
  if (url?.protocol === 'https:') await judgeClearText(context, operation, request)
  await bothWays(
    context,
    operation,
    request,
    'the key as userinfo of an absolute-form target and no Authorization',
    (parts, url) => ({
      ...parts,
      target: `${url.protocol}//${userinfo(parts)}@${url.host}${pathOf(url)}`,
      fields: parts.fields.filter(([name]) => name.toLowerCase() !== 'authorization'),
    }),
    (exchange, where) => judgeInvalid(context, exchange, where, false),
    { keyless: `Bearer ${unknownKey}` },
  )
  await judgeMisdirected(context, operation, request)
  if (operation.method === 'GET')
    await bothWays(
      context,
      operation,
      request,
      'the asterisk-form target (GET *)',
      (parts) => ({ ...parts, target: '*' }),
      (exchange, where, keyed) => judgeInvalid(context, exchange, where, keyed, asteriskServed),
    )
}

/** The credential of the Authorization field as userinfo: what a client pasting the key into a URL sends. */
function userinfo(parts: WrittenParts): string {
  const value = parts.fields.find(([name]) => name.toLowerCase() === 'authorization')?.[1] ?? ''
  return encodeURIComponent(value.replace(/^bearer\s+/i, ''))
}

/** An https URL as the same host and port reached in clear text. */
function inClearText(url: string): string {
  const parsed = new URL(url)
  return `http://${parsed.hostname}:${parsed.port || '443'}${parsed.pathname}${parsed.search}`
}

/**
 * An https base's request written in clear text on its own port, without a key (never the key in clear text): a TLS
 * server cannot read it, a gateway refuses it (400, a redirect to https); the service's own answer, a 2xx or its 401,
 * says the https origin serves a request that came over a connection not secured (RFC 9110 section 7.4).
 */
async function judgeClearText(context: ScenarioContext, operation: OperationSpec, request: CallOptions) {
  const exchange = await sendForm(context, operation, request, undefined, null, { rewriteUrl: inClearText })
  const status = exchange.response?.status
  context.assert(status === undefined || (status !== 401 && (status < 200 || status >= 300) && status < 500), {
    message: `${operation.operationId} sent in clear text to the https base's port answers ${statusOf(exchange)}`,
    expected: 'no answer of the service: a TLS error, a close, 400 or a redirect to https',
    received: statusOf(exchange),
    exchange,
  })
}

/** A Host naming a host the service is not: refused, or answered, never with a 5xx or a URI built from it. */
async function judgeMisdirected(context: ScenarioContext, operation: OperationSpec, request: CallOptions) {
  const write = (parts: WrittenParts) => ({
    ...parts,
    fields: parts.fields.map(([name, value]): [string, string] =>
      name.toLowerCase() === 'host' ? [name, 'evil.example'] : [name, value],
    ),
  })
  const exchange = await sendForm(context, operation, request, { what: 'Host: evil.example', write })
  const where = `${operation.operationId} with Host: evil.example`
  const status = exchange.response?.status
  if (status !== undefined && status >= 500)
    return void context.assert(false, {
      message: `${where} answers ${status}`,
      expected: '421, 400, 404, or the answer to its own host',
      received: statusOf(exchange),
      exchange,
    })
  const { headers = {}, bodyText = '' } = exchange.response ?? {}
  const named = ['location', 'content-location', 'link'].filter((name) => headers[name]?.includes('evil.example'))
  if (named.length > 0 || bodyText.includes('evil.example'))
    context.observe({
      message: `${where} answers with a URI built from that Host (${named.join(', ') || 'in the body'})`,
      expected: 'no URI naming a host the service is not',
      received: named.map((name) => `${name}: ${headers[name]}`).join('; ') || bodyText.slice(0, 200),
      exchange,
      basis: misdirectedEcho,
    })
}

/** For every described operation: invalid targets rejected, a misdirected request never served wrongly. */
export const targetValidityScenarios: Array<Scenario> = operationList
  .filter((operation) => operation.described)
  .map(
    (operation): Scenario => ({
      check: 'target_uri_validity',
      title:
        `${operation.operationId} rejects invalid target URIs (an empty host, userinfo, GET *) ` +
        'and misdirected ones',
      operationId: operation.operationId,
      basis: messageSays.targetValidity,
      writes: !operation.safe,
      run: (context) => judgeTargets(context, operation),
    }),
  )

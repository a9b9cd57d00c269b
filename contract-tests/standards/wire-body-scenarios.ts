import { stringifyJson } from '../../spec/json/stringify-json.ts'
import { type OperationSpec, operationList } from '../../spec/operations.ts'
import { notCreated, sendableRequest, validRequest } from '../scenarios/valid-request.ts'
import { echoBasis, interfaceSays } from '../shared/citations.ts'
import type { CallOptions, WrittenParts } from '../shared/contract-caller.ts'
import { type Basis, type Exchange, statusOf } from '../shared/exchange.ts'
import { messageSays } from '../shared/message-citations.ts'
import type { Scenario, ScenarioContext } from '../shared/scenario.ts'
import { resolve } from '../values/spec-parameters.ts'
import { fitted } from '../values/string-values.ts'
import { bodyOperations } from './body-operations.ts'
import { canonical, echoedFields } from './request-freedom-scenarios.ts'
import { clientError, sendForm } from './wire-form-judge.ts'

const contentIgnored: Basis = {
  source: 'x-mock-behaviour',
  text:
    'The mock reads no content of a GET or HEAD. RFC 9110 sections 9.3.1 and 9.3.2: ' +
    '"An origin server SHOULD NOT rely ' +
    'on private agreements to receive content"; a client "SHOULD NOT generate content in a GET request".',
}

const unlabelledRead: Basis = {
  source: 'x-mock-behaviour',
  text:
    'The mock refuses content without Content-Type (400). RFC 9110 section 8.3: "If a Content-Type header field is ' +
    'not present, the recipient MAY either assume a media type of "application/octet-stream" or examine the data ' +
    'to determine its type."',
}

/** The request written with `content` as JSON (and `method`, when given). */
const withContent = (what: string, content: unknown, method?: string) => ({
  what,
  write: (parts: WrittenParts): WrittenParts => {
    const bytes = new TextEncoder().encode(stringifyJson(content))
    const kept = parts.fields.filter(([name]) => !['content-type', 'content-length'].includes(name.toLowerCase()))
    return {
      ...parts,
      ...(method && { method }),
      fields: [...kept, ['content-type', 'application/json'], ['content-length', String(bytes.byteLength)]],
      content: bytes,
    }
  },
})

/** Whether two answers of a safe request hold the same: the status, and the JSON (any order). */
const sameAnswer = (a: Exchange, b: Exchange) =>
  a.response?.status === b.response?.status && canonical(a.response?.json) === canonical(b.response?.json)

/**
 * Content on a GET and a HEAD (RFC 9110 sections 9.3.1 and 9.3.2: it has no defined semantics), on every described
 * safe operation: a body that would narrow the answer (`{"status":"sold","limit":1}`) gets the answer without it, or a
 * 4xx; an answer it narrowed is a deviation (a SHOULD NOT), a 5xx a violation, no answer a deviation.
 */
async function judgeSafeContent(context: ScenarioContext, operation: OperationSpec): Promise<void> {
  const request = validRequest(operation, context.data)
  if (!request) return context.skip(notCreated)
  for (const method of [operation.method, 'HEAD']) {
    const asMethod = { what: `${method} without content`, write: (parts: WrittenParts) => ({ ...parts, method }) }
    const plain = await sendForm(context, operation, request, asMethod)
    const form = withContent(
      `${method} with a JSON body {"status":"sold","limit":1}`,
      { status: 'sold', limit: 1 },
      method,
    )
    const answer = await sendForm(context, operation, request, form)
    const status = answer.response?.status
    const where = `${operation.operationId} as ${form.what}`
    if (status !== undefined && status >= 500)
      context.assert(false, { message: `${where} answers ${status}`, received: statusOf(answer), exchange: answer })
    else if (status === undefined || (!clientError(status) && !sameAnswer(plain, answer))) {
      // The store may have changed meanwhile: the request without content once more decides.
      const again = await sendForm(context, operation, request, asMethod)
      if (status === undefined || sameAnswer(plain, again))
        context.observe({
          message: `${where} ${status === undefined ? 'gets no answer' : 'is answered otherwise than without it'}`,
          expected: `${statusOf(plain)}, as without content (or a 4xx)`,
          received: `${statusOf(answer)} ${answer.response?.bodyText.slice(0, 160) ?? ''}`,
          exchange: answer,
          basis: contentIgnored,
        })
    }
  }
}

/**
 * A JSON body without Content-Type (RFC 9110 section 8.3: the recipient may take it as octets or examine it), on
 * every described operation with content: the plain request's answer with the values as sent, or a 4xx; a 2xx with
 * other values (read as something else and stored anyway) or a 5xx is a violation.
 */
async function judgeUnlabelled(context: ScenarioContext, operation: OperationSpec): Promise<void> {
  const request = await sendableRequest(operation, context)
  if (!request) return context.skip(notCreated)
  const plain = await sendForm(context, operation, request)
  const form = {
    what: 'its JSON body and no Content-Type',
    write: (parts: WrittenParts) => ({
      ...parts,
      fields: parts.fields.filter(([name]) => name.toLowerCase() !== 'content-type'),
    }),
  }
  const answer = await sendForm(context, operation, request, form)
  const status = answer.response?.status
  const where = `${operation.operationId} with ${form.what}`
  if (status === undefined || clientError(status)) return
  const sent = request.json as Record<string, unknown> | undefined
  const lost = echoedFields(sent, plain.response?.json).filter(
    (name) => !echoedFields(sent, answer.response?.json).includes(name),
  )
  context.assert(status < 300 && lost.length === 0, {
    message:
      status >= 300
        ? `${where} answers ${status}`
        : `${where} is stored with other values (${lost.join(', ')}) than were sent`,
    expected: `${statusOf(plain)} with the values as sent, or a 4xx`,
    received: `${statusOf(answer)} ${answer.response?.bodyText.slice(0, 160) ?? ''}`,
    exchange: answer,
    basis: status < 300 ? echoBasis(operation.operationId) : interfaceSays.errorsListed,
  })
}

/** What a method-override middleware reads as "this GET is a POST": the query parameter and three fields. */
const overrides: Array<[string, string]> = [
  ['x-http-method-override', 'POST'],
  ['x-http-method', 'POST'],
  ['x-method-override', 'POST'],
]

/**
 * A safe request that names an unsafe method (RFC 9110 section 9.2.1: "the resource owner MUST disable or disallow
 * that action when it is accessed using a safe request method"), on every described safe operation: GET and HEAD with
 * `_method=POST` and the create's fields in the query, the three method-override fields, and a create's body. Nothing
 * is created: a 201, or an answer holding the text the body gave its first field of free text, is a violation.
 */
async function judgeOverride(context: ScenarioContext, operation: OperationSpec): Promise<void> {
  const request = validRequest(operation, context.data)
  if (!request) return context.skip(notCreated)
  const unsafe = operationList.find(
    (other) => !other.safe && other.base === operation.base && other.path === operation.path && other.sample.json,
  )
  const creates = bodyOperations.find((body) => body.operation.operationId === unsafe?.operationId)
  const [field] = creates?.stringFields ?? []
  const schema = resolve((field !== undefined && creates?.schema.properties?.[field]) || {})
  const marker = fitted(schema, `${context.data.runTag}-override`, 1)
  const marked = field === undefined ? {} : { [field]: marker }
  const body = { ...(unsafe?.sample.json as Record<string, unknown> | undefined), ...marked }
  const query = [request.query, '_method=POST', field === undefined ? '' : `${field}=${encodeURIComponent(marker)}`]
    .filter(Boolean)
    .join('&')
  for (const method of ['GET', 'HEAD']) {
    const form = withContent(`${method} with _method=POST, method-override fields and a create's body`, body, method)
    const write = (parts: WrittenParts) => {
      const written = form.write(parts)
      return { ...written, fields: [...written.fields, ...overrides] }
    }
    const options: CallOptions = { ...request, query }
    const answer = await sendForm(context, operation, options, { what: form.what, write })
    const json = answer.response?.json as Record<string, unknown> | undefined
    const created = answer.response?.status === 201 || (field !== undefined && json?.[field] === marker)
    const status = answer.response?.status ?? 0
    context.assert(!created && status < 500, {
      message: `${operation.operationId} as ${form.what} answers ${statusOf(answer)}${created ? ': it created' : ''}`,
      expected: `${operation.method}'s answer (or a 4xx): a safe method creates nothing`,
      received: `${statusOf(answer)} ${answer.response?.bodyText.slice(0, 160) ?? ''}`,
      exchange: answer,
    })
  }
}

const described = operationList.filter((operation) => operation.described)

/** For every described safe operation: content on GET and HEAD changes nothing. */
export const safeMethodContentScenarios: Array<Scenario> = described
  .filter((operation) => operation.safe)
  .map(
    (operation): Scenario => ({
      check: 'safe_method_content',
      title: `${operation.operationId} answers GET and HEAD with content as without it, or refuses them`,
      operationId: operation.operationId,
      basis: contentIgnored,
      writes: false,
      run: (context) => judgeSafeContent(context, operation),
    }),
  )

/** For every described operation with content: a body without Content-Type read as sent, or refused. */
export const unlabelledBodyScenarios: Array<Scenario> = described
  .filter((operation) => operation.sample.json !== undefined)
  .map(
    (operation): Scenario => ({
      check: 'unlabelled_body',
      title: `${operation.operationId} takes a JSON body without Content-Type as sent, or refuses it`,
      operationId: operation.operationId,
      basis: unlabelledRead,
      writes: true,
      run: (context) => judgeUnlabelled(context, operation),
    }),
  )

/** For every described safe operation: a method override never makes a GET or HEAD create. */
export const methodOverrideScenarios: Array<Scenario> = described
  .filter((operation) => operation.safe)
  .map(
    (operation): Scenario => ({
      check: 'method_override_ignored',
      title: `${operation.operationId} as GET or HEAD creates nothing, whatever method override it names`,
      operationId: operation.operationId,
      basis: messageSays.safeMethods,
      // Only GET and HEAD are sent, but a server that takes the override creates: never in a read-only run.
      writes: true,
      run: (context) => judgeOverride(context, operation),
    }),
  )

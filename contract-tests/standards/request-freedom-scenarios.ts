import { stringifyJson } from '../../spec/json/stringify-json.ts'
import { type OperationSpec, operationList } from '../../spec/operations.ts'
import { clientErrors } from '../scenarios/expect-refusal.ts'
import { notCreated, sendableRequest } from '../scenarios/valid-request.ts'
import { interfaceSays, specChooses, standardSays } from '../shared/citations.ts'
import type { CallOptions } from '../shared/contract-caller.ts'
import { type Basis, type Exchange, statusOf } from '../shared/exchange.ts'
import type { Scenario, ScenarioContext } from '../shared/scenario.ts'
import { semanticsChoose } from '../shared/semantics-citations.ts'
import { bodyOperations } from './body-operations.ts'
import { cacheDirectiveForms, requestFieldForms } from './request-field-forms.ts'
import {
  authSchemeForms,
  type FreedomForm,
  jsonTextForms,
  mediaTypeForms,
  targetForms,
} from './request-freedom-forms.ts'

/** One freedom the standards give a client: the forms of an operation's valid request it makes equivalent. */
interface Freedom {
  check: string
  /** What the freedom varies, for titles. */
  varies: string
  basis: Basis
  /**
   * Where no MUST makes the forms equivalent (a field a client may send, a SHOULD): any other answer to a form is a
   * deviation of this choice, never a violation.
   */
  onlyDeviates?: boolean
  forms(operation: OperationSpec, request: CallOptions): Array<FreedomForm>
}

/** The first field of free text of the operation's body, if it has one. */
const textFieldOf = (operation: OperationSpec) =>
  bodyOperations.find((body) => body.operation.operationId === operation.operationId)?.stringFields[0]

const freedoms: ReadonlyArray<Freedom> = [
  {
    check: 'auth_scheme_forms',
    varies: 'the auth-scheme in any case and after more than one space',
    basis: standardSays.authScheme,
    forms: (_, request) => authSchemeForms(request),
  },
  {
    check: 'request_target_forms',
    varies: 'percent-encoded unreserved characters, defaults stated, parameters in another order',
    basis: standardSays.equivalentTarget,
    forms: targetForms,
  },
  {
    check: 'media_type_forms',
    varies: 'the media type in other cases and its parameter quoted',
    basis: standardSays.mediaTypeCase,
    forms: (operation, request) => mediaTypeForms(request, textFieldOf(operation)),
  },
  {
    check: 'json_text_forms',
    varies: 'the body in other JSON texts of the same value',
    basis: standardSays.jsonTexts,
    forms: (_, request) => jsonTextForms(request),
  },
  {
    check: 'request_field_forms',
    varies: 'From, Referer, User-Agent, Accept-Charset, Accept-Language and an extension precondition',
    basis: semanticsChoose.requestFields,
    onlyDeviates: true,
    forms: requestFieldForms,
  },
  {
    check: 'cache_directive_forms',
    varies: 'request cache directives in token and quoted form, unknown ones and Pragma',
    basis: semanticsChoose.cacheDirectives,
    onlyDeviates: true,
    forms: cacheDirectiveForms,
  },
]

const success = (exchange: Exchange) => Math.floor((exchange.response?.status ?? 0) / 100) === 2
const clientError = (status: number) => status >= 400 && status < 500

/** A JSON value with its object members sorted and its array items sorted: what two answers compare by. */
export function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).sort().join(',')}]`
  if (typeof value !== 'object' || value === null) return stringifyJson(value)
  const members = Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
  return `{${members.map(([name, member]) => `${stringifyJson(name)}:${canonical(member)}`).join(',')}}`
}

/** The members of what a create sent that its answer echoes as sent: what an equivalent form must echo too. */
export function echoedFields(sent: unknown, answer: unknown): Array<string> {
  if (typeof sent !== 'object' || sent === null || typeof answer !== 'object' || answer === null) return []
  const echoed = answer as Record<string, unknown>
  return Object.entries(sent).flatMap(([name, value]) => (canonical(echoed[name]) === canonical(value) ? [name] : []))
}

/**
 * Whether a safe operation's answer in a form holds what the plain one holds (items in any order). When it
 * does not, the plain request is sent once more: a store that changed meanwhile (another client writing) decides
 * nothing, only the status is then compared.
 */
async function sameContent(
  context: ScenarioContext,
  operation: OperationSpec,
  plainOptions: CallOptions,
  plain: Exchange,
  answer: Exchange,
): Promise<boolean> {
  if (canonical(plain.response?.json) === canonical(answer.response?.json)) return true
  const again = await context.client.call(operation.operationId, plainOptions)
  return canonical(again.response?.json) !== canonical(plain.response?.json)
}

/** What the keyed form differs in from the plain answer, or undefined when it gives the same. */
async function difference(
  context: ScenarioContext,
  operation: OperationSpec,
  form: FreedomForm,
  plain: Exchange,
  answer: Exchange,
): Promise<{ message: string; expected: string; received: string } | undefined> {
  if (answer.response?.status !== plain.response?.status)
    return { message: `answered ${statusOf(answer)}`, expected: statusOf(plain), received: statusOf(answer) }
  if (operation.safe) {
    if (await sameContent(context, operation, form.plain, plain, answer)) return undefined
    return {
      message: 'answered with other content',
      expected: plain.response?.bodyText.slice(0, 200) ?? '',
      received: answer.response?.bodyText.slice(0, 200) ?? '',
    }
  }
  const sent = form.plain.json as Record<string, unknown>
  const changed = echoedFields(sent, plain.response?.json).filter(
    (name) => !echoedFields(sent, answer.response?.json).includes(name),
  )
  if (changed.length === 0) return undefined
  const got = answer.response?.json as Record<string, unknown> | undefined
  return {
    message: `created other values (${changed.join(', ')})`,
    expected: stringifyJson(Object.fromEntries(changed.map((name) => [name, sent[name]]))),
    received: stringifyJson(Object.fromEntries(changed.map((name) => [name, got?.[name] ?? null]))),
  }
}

/**
 * The form with the key gets what the plain request gets: the same status, the same content (a create the same
 * values). A 4xx is a clean refusal of a form the server does not read (a deviation); anything else, a 5xx,
 * another success or other values, is a violation of the sentence that makes the forms equivalent.
 */
async function judgeKeyed(
  context: ScenarioContext,
  operation: OperationSpec,
  form: FreedomForm,
  plain: Exchange,
  answer: Exchange,
  deviationBasis?: Basis,
): Promise<void> {
  const where = `${operation.operationId} with ${form.what}`
  if (!success(plain)) {
    context.assert(true, { message: `${where}: not compared, the plain request got ${statusOf(plain)}` })
    return
  }
  const status = answer.response?.status ?? 0
  if (status === form.alternative) {
    context.assert(true, { message: `${where} answers ${status}, as the standards allow for it` })
    return
  }
  if (clientError(status)) {
    context.observe({
      message: `${where} is refused with ${status}, where the plain request gets ${statusOf(plain)}`,
      expected: `${statusOf(plain)}, as the plain request`,
      received: statusOf(answer),
      exchange: answer,
      basis: deviationBasis ?? specChooses.equivalentForms,
    })
    return
  }
  const differs = await difference(context, operation, form, plain, answer)
  if (differs && deviationBasis)
    return void context.observe({
      ...differs,
      message: `${where} ${differs.message}`,
      exchange: answer,
      basis: deviationBasis,
    })
  context.assert(differs === undefined, {
    message: differs ? `${where} ${differs.message}` : `${where} gets the plain request's answer`,
    expected: differs?.expected,
    received: differs?.received,
    exchange: answer,
  })
}

/**
 * The form without the key (a credential form: with an unknown key) gets 401, as every operation without a valid
 * key does: an authentication filter that reads the target or the header otherwise than the router does lets it
 * through. The same 4xx the keyed form got (a form the router does not match) is no finding.
 */
function judgeKeyless(context: ScenarioContext, where: string, answer: Exchange, keyless: Exchange): void {
  const status = keyless.response?.status ?? 0
  const refusedAlike = clientError(status) && status === answer.response?.status
  context.assert(status === 401 || refusedAlike, {
    message:
      status === 401 || refusedAlike
        ? `${where} without a valid key is refused with ${status}`
        : `${where} without a valid key answers ${statusOf(keyless)}`,
    expected: '401 with an Error',
    received: statusOf(keyless),
    exchange: keyless,
    basis: interfaceSays.everyOperation,
  })
}

/**
 * Sends each form with the key and without it beside its plain request (sent once for the forms that share it).
 * @example await judgeForms(context, operations.listPets, targetForms(operations.listPets, request))
 */
async function judgeForms(
  context: ScenarioContext,
  operation: OperationSpec,
  forms: ReadonlyArray<FreedomForm>,
  deviationBasis?: Basis,
): Promise<void> {
  const plains = new Map<string, Exchange>()
  for (const form of forms) {
    const { query, params, json, body, contentType } = form.plain
    const key = stringifyJson({ query, params, json, body, contentType })
    const plain = plains.get(key) ?? (await context.client.call(operation.operationId, form.plain))
    plains.set(key, plain)
    const answer = await context.client.call(operation.operationId, { ...form.form, alsoAccepted: clientErrors })
    await judgeKeyed(context, operation, form, plain, answer, deviationBasis)
    const keyless = await context.client.call(operation.operationId, { ...form.keyless, alsoAccepted: clientErrors })
    judgeKeyless(context, `${operation.operationId} with ${form.what}`, answer, keyless)
  }
}

/** The operation's request as the spec's examples give it: enough to tell which freedoms apply. */
const sampleRequest = (operation: OperationSpec): CallOptions => ({
  params: operation.sample.params,
  ...(operation.sample.json !== undefined && { json: operation.sample.json }),
})

/**
 * The scenario of one freedom on one operation; `pick` keeps some of its forms (an alias that sends fewer).
 * @example freedomScenario(freedoms[0], operations.listPets)
 */
function freedomScenario(
  freedom: Freedom,
  operation: OperationSpec,
  alias?: { check: string; title: string; pick: (form: FreedomForm) => boolean },
): Scenario {
  return {
    check: alias?.check ?? freedom.check,
    title: `${operation.operationId} ${alias?.title ?? `takes ${freedom.varies}, and asks the key`}`,
    operationId: operation.operationId,
    basis: freedom.basis,
    writes: !operation.safe,
    async run(context) {
      const request = await sendableRequest(operation, context)
      if (!request) return context.skip(notCreated)
      const forms = freedom.forms(operation, request).filter(alias?.pick ?? (() => true))
      await judgeForms(context, operation, forms, freedom.onlyDeviates ? freedom.basis : undefined)
    },
  }
}

/**
 * Every freedom the standards give a client (docs/ledger: the rows that bind a client), on every described
 * operation it applies to, derived from the catalogue and the spec's parameters and bodies: each form with the key
 * gets the plain request's answer, and without it 401. Deterministic: the same requests whatever the seed.
 */
export const requestFreedomScenarios: Array<Scenario> = freedoms.flatMap((freedom) =>
  operationList
    .filter((operation) => operation.described && freedom.forms(operation, sampleRequest(operation)).length > 0)
    .map((operation) => freedomScenario(freedom, operation)),
)

/**
 * `lowercase_bearer`, kept as an alias for `--only` and the reports that name it: `auth_scheme_forms`' lower-case
 * form on the first safe operation, judged the same way (a refusal is a deviation).
 */
export const lowercaseBearerAlias: Scenario = freedomScenario(
  freedoms[0] as Freedom,
  operationList.find((operation) => operation.described && operation.safe) as OperationSpec,
  {
    check: 'lowercase_bearer',
    title: 'with a lower-case "bearer" scheme (auth_scheme_forms\' lower-case form)',
    pick: (form) => form.what.includes('lower case'),
  },
)

import { createRequire } from 'node:module'
import type { PrismVerdict, PrismViolation } from './read-prism-verdict.ts'

/** One request and the answer it got, as sent and received on the wire. */
export interface RecordedExchange {
  request: {
    method: string
    /** The spec's path with the query, without the server base path: `/pets?limit=0`, `/messages`. */
    path: string
    headers: Record<string, string>
    body?: string
  }
  response: { status: number; headers: Headers; body: string }
}

export interface PrismValidator {
  /** Runs Prism's router and validators over an exchange that no Prism proxy can carry. */
  validate(exchange: RecordedExchange): Promise<PrismVerdict>
}

interface PrismDiagnostic {
  path?: Array<string>
  severity: number
  code?: string | number
  message: string
}

type Either<L, R> = { _tag: 'Left'; left: L } | { _tag: 'Right'; right: R }

interface PrismHttpResponse {
  statusCode: number
  headers: Record<string, string>
  body: unknown
}

/** The part of `@stoplight/prism-http` used here; its own types pull in fp-ts. */
interface PrismHttpModule {
  getHttpOperationsFromSpec(document: string): Promise<Array<unknown>>
  createInstance(
    config: Record<string, unknown>,
    components: Record<string, unknown>,
  ): {
    request(
      input: {
        method: string
        url: { path: string; query: Record<string, string | Array<string>> }
        headers: Record<string, string>
        body?: unknown
      },
      operations: Array<unknown>,
    ): () => Promise<Either<Error, { validations: { input: Array<PrismDiagnostic>; output: Array<PrismDiagnostic> } }>>
  }
}

// @stoplight/types DiagnosticSeverity, the names `sl-violations` uses.
const severityNames = ['Error', 'Warning', 'Information', 'Hint']

/**
 * Prism's own validator, for the answers `prism proxy` cannot hand back: it re-mocks any upstream
 * 501, and its HTTP server answers a body that is not JSON before forwarding it. This is the same
 * `@stoplight/prism-http` that the installed `prism` CLI runs (resolved through
 * `@stoplight/prism-cli`, which pins it), with one component replaced: instead of calling the
 * upstream, Prism is handed the answer the mock already gave. Routing and validation are Prism's.
 * @example const prism = await createPrismValidator('spec/openapi.yaml'); const verdict = await
 *   prism.validate(exchange)
 */
export async function createPrismValidator(document: string): Promise<PrismValidator> {
  const fromPrismCli = createRequire(createRequire(import.meta.url).resolve('@stoplight/prism-cli/package.json'))
  const prismHttp = fromPrismCli('@stoplight/prism-http') as PrismHttpModule
  const operations = await prismHttp.getHttpOperationsFromSpec(document)

  return {
    async validate({ request, response }) {
      const recorded = toPrismResponse(response)
      const prism = prismHttp.createInstance(
        // As `prism proxy` without --errors: every request reaches the "upstream", every answer is validated.
        {
          isProxy: true,
          upstream: new URL('http://127.0.0.1/'),
          upstreamProxy: undefined,
          errors: false,
          validateRequest: true,
          validateResponse: true,
          checkSecurity: true,
          mock: { dynamic: false },
        },
        { logger: silentLogger, forward: () => () => async () => ({ _tag: 'Right', right: recorded.response }) },
      )
      const url = new URL(request.path, 'http://prism.invalid')
      const query: Record<string, string | Array<string>> = {}
      for (const name of new Set(url.searchParams.keys())) {
        const values = url.searchParams.getAll(name)
        query[name] = values.length === 1 ? (values[0] ?? '') : values
      }
      const headers = Object.fromEntries(
        Object.entries(request.headers).map(([name, value]) => [name.toLowerCase(), value]),
      )
      const result = await prism.request(
        {
          method: request.method.toLowerCase(),
          url: { path: url.pathname, query },
          headers,
          body: parseBody(headers['content-type'] ?? '', request.body).value,
        },
        operations,
      )()
      if (result._tag === 'Left')
        throw new Error(`Failed to validate ${request.method} ${request.path} with Prism: ${result.left.message}`)
      return {
        request: result.right.validations.input.map((diagnostic) => toViolation('request', diagnostic)),
        response: [
          ...recorded.violations,
          ...result.right.validations.output.map((diagnostic) => toViolation('response', diagnostic)),
        ],
      }
    },
  }
}

function toPrismResponse(response: RecordedExchange['response']): {
  response: PrismHttpResponse
  violations: Array<PrismViolation>
} {
  const headers: Record<string, string> = {}
  response.headers.forEach((value, name) => {
    headers[name] = value
  })
  const body =
    response.status === 204
      ? { value: response.body, valid: true }
      : parseBody(headers['content-type'] ?? '', response.body)
  // Prism's forwarder would fail the whole call on a JSON answer that does not parse; here it is a finding.
  const violations: Array<PrismViolation> = body.valid
    ? []
    : [
        {
          location: ['response', 'body'],
          severity: 'Error',
          message: 'The response says JSON but its body does not parse.',
        },
      ]
  return { response: { statusCode: response.status, headers, body: body.value }, violations }
}

/** Parses a JSON body as Prism does (`application/json`, `application/*+json`); anything else stays text. */
function parseBody(contentType: string, body: string | undefined): { value: unknown; valid: boolean } {
  if (body === undefined || body === '') return { value: undefined, valid: true }
  const type = contentType.split(';')[0]?.trim().toLowerCase() ?? ''
  if (type !== 'application/json' && !/^application\/[^/]+\+json$/.test(type)) return { value: body, valid: true }
  try {
    return { value: JSON.parse(body), valid: true }
  } catch {
    return { value: body, valid: false }
  }
}

function toViolation(side: 'request' | 'response', diagnostic: PrismDiagnostic): PrismViolation {
  const violation: PrismViolation = {
    location: [side, ...(diagnostic.path ?? [])],
    severity: severityNames[diagnostic.severity] ?? String(diagnostic.severity),
    message: diagnostic.message,
  }
  if (diagnostic.code !== undefined) violation.code = diagnostic.code
  return violation
}

const ignore = (): void => {}
const silentLogger: Record<string, unknown> = {
  child: () => silentLogger,
  trace: ignore,
  debug: ignore,
  info: ignore,
  success: ignore,
  warn: ignore,
  error: ignore,
  fatal: ignore,
}

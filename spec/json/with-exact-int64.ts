import { parseJson } from './parse-json.ts'
import { stringifyJson } from './stringify-json.ts'

// openapi-fetch's calls, each `(url, init)`; `request` takes the method first.
const methods = ['GET', 'PUT', 'POST', 'DELETE', 'OPTIONS', 'HEAD', 'PATCH', 'TRACE'] as const

interface CallInit {
  parseAs?: string
  bodySerializer?: unknown
}

type Call = (...args: Array<unknown>) => Promise<{ data?: unknown }>

/**
 * The same openapi-fetch client (`createClient`'s result), keeping every int64 exact both ways: a body is written
 * with a `bigint` as its digits (openapi-fetch's `JSON.stringify` throws on one, and a `number` beyond 2^53 has lost
 * them), and a JSON answer is read with an integer beyond 2^53 as a `bigint`, every other number a `number`: the
 * `number | bigint` of the types in `petstore-contract/openapi-fetch`. It asks openapi-fetch for the text of a JSON
 * answer (`parseAs: 'text'`) and parses it with lossless-json. A `parseAs` or `bodySerializer` given to a call wins;
 * error bodies are read by openapi-fetch as before.
 * @example
 * const pets = withExactInt64(createClient<paths>({ baseUrl: 'http://127.0.0.1:4010/v1' }))
 * const { data } = await pets.POST('/pets', { body: { name: 'Rex', categoryId: 9223372036854775807n } })
 * @throws TypeError when given something with no `GET` and `POST` functions
 */
export function withExactInt64<Client extends object>(client: Client): Client {
  const calls = client as Record<string, unknown>
  if (typeof calls.GET !== 'function' || typeof calls.POST !== 'function')
    throw new TypeError(
      'Failed to make the client exact: expected an openapi-fetch client (with GET and POST), ' +
        `got ${client === null ? 'null' : typeof client}. Pass what createClient() returns.`,
    )
  const exact: Record<string, unknown> = { ...calls }
  for (const method of methods) {
    const call = calls[method]
    if (typeof call !== 'function') continue
    exact[method] = (url: unknown, init?: CallInit) => readExact((call as Call)(url, exactInit(init)), init)
  }
  const request = calls.request
  if (typeof request === 'function')
    exact.request = (method: unknown, url: unknown, init?: CallInit) =>
      readExact((request as Call)(method, url, exactInit(init)), init)
  return exact as Client
}

const readsJson = (init: CallInit | undefined): boolean => init?.parseAs === undefined || init.parseAs === 'json'

// openapi-fetch passes the headers second: stringifyJson would take them for an indent.
const writeJson = (body: unknown): string => stringifyJson(body)

function exactInit(init: CallInit | undefined): CallInit {
  return {
    ...init,
    bodySerializer: init?.bodySerializer ?? writeJson,
    ...(readsJson(init) ? { parseAs: 'text' } : {}),
  }
}

async function readExact<Result extends { data?: unknown }>(
  call: Promise<Result>,
  init: CallInit | undefined,
): Promise<Result> {
  const result = await call
  if (!readsJson(init) || typeof result.data !== 'string') return result
  // An empty answer is no data, as openapi-fetch's own JSON reading has it.
  return { ...result, data: result.data === '' ? undefined : parseJson(result.data) }
}

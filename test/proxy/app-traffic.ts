import { developmentApiKey } from '../../shared/development-api-key.ts'
import { parseJson } from '../../spec/json/parse-json.ts'

/** What one scripted request got back, its body parsed int64-exact. */
export interface AppAnswer {
  request: string
  status: number
  json: unknown
}

/** A categoryId past 2^53, which `JSON.parse` would round: a recording must keep it to the digit. */
export const bigCategoryId = '9007199254740993123'

/**
 * The requests an app's end-to-end tests send, the same each time: two lists, a create with an int64 categoryId,
 * a read of the created pet and of one that does not exist, a read without a key, and a message.
 * @example const answers = await sendAppTraffic(proxy.baseUrl, proxy.messagesBaseUrl)
 */
export async function sendAppTraffic(
  baseUrl: string,
  messagesBaseUrl: string,
  key = developmentApiKey,
): Promise<Array<AppAnswer>> {
  const auth = { authorization: `Bearer ${key}` }
  const json = { ...auth, 'content-type': 'application/json' }
  const answers: Array<AppAnswer> = []
  const send = async (request: string, url: string, init: RequestInit = {}): Promise<AppAnswer> => {
    const response = await fetch(url, { redirect: 'manual', ...init })
    const text = await response.text()
    const answer = { request, status: response.status, json: text === '' ? undefined : safeParse(text) }
    answers.push(answer)
    return answer
  }
  await send('list', `${baseUrl}/pets?limit=5`, { headers: auth })
  await send('list sold', `${baseUrl}/pets?status=sold&limit=3`, { headers: auth })
  const created = await send('create', `${baseUrl}/pets`, {
    method: 'POST',
    headers: json,
    body: `{"name":"Proxy Rex","categoryId":${bigCategoryId},"status":"pending"}`,
  })
  const id = (created.json as { id?: unknown } | undefined)?.id
  await send('read created', `${baseUrl}/pets/${String(id)}`, { headers: auth })
  await send('read missing', `${baseUrl}/pets/987654321`, { headers: auth })
  await send('read without key', `${baseUrl}/pets/1`)
  await send('message', `${messagesBaseUrl}/messages`, { method: 'POST', headers: json, body: '{"message":"hi"}' })
  return answers
}

function safeParse(text: string): unknown {
  try {
    return parseJson(text)
  } catch {
    return text
  }
}

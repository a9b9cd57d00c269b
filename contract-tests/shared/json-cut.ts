import type { ExchangeResponse } from './exchange.ts'

type ParsedBody = Pick<ExchangeResponse, 'json' | 'jsonCut'>

const count = (value: number): string => value.toLocaleString('en-US')

/**
 * How many items a list body holds, each counted, also those the client left out of its excerpt (`jsonCut`);
 * undefined when the body is no JSON array.
 * @example listLength(listOf75000Pets) // 75000, though `json` keeps the first 101
 */
export function listLength({ json, jsonCut }: ParsedBody): number | undefined {
  if (!Array.isArray(json)) return undefined
  return jsonCut?.members ?? json.length
}

/**
 * What of a body a check could judge, where the client kept an excerpt of it (`jsonCut`): for a finding's message,
 * so that it says what was judged; undefined for a body kept whole.
 * @example jsonCutNote(response) // 'Judged: the first 101 of its 75,000 items, all read as JSON.'
 */
export function jsonCutNote({ json, jsonCut }: ParsedBody): string | undefined {
  if (!jsonCut) return undefined
  const { members, kept, leftOut, keptEach, stringsCut } = jsonCut
  const parts: Array<string> = []
  if (members !== undefined && kept !== undefined && kept < members)
    parts.push(
      Array.isArray(json)
        ? `the first ${count(kept)} of its ${count(members)} items`
        : `${count(kept)} of its ${count(members)} fields (the first, and those a schema names)`,
    )
  else if (leftOut > 0)
    parts.push(`the first ${count(keptEach)} members of each array and object in it (${count(leftOut)} left out)`)
  if (stringsCut > 0) parts.push(`the start of ${count(stringsCut)} of its strings`)
  return `Judged: ${parts.join(' and ')}, all read as JSON.`
}

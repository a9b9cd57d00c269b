import { developmentApiKey } from './development-api-key.ts'

/**
 * The keys the standalone mock accepts: every `--api-key`, else the comma-separated
 * `PETSTORE_API_KEY`, else the development key.
 * @example resolveApiKeys([], 'a,b') // { keys: ['a', 'b'], development: false }
 */
export function resolveApiKeys(
  flags: ReadonlyArray<string>,
  environment: string | undefined,
): { keys: Array<string>; development: boolean } {
  const given = flags.length > 0 ? flags : (environment ?? '').split(',')
  const keys = given.map((key) => key.trim()).filter((key) => key !== '')
  return keys.length > 0 ? { keys, development: false } : { keys: [developmentApiKey], development: true }
}

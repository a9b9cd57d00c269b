import { redactedKey } from './redact.ts'

/**
 * A text as one shell word that POSIX sh and bash pass on unchanged: single-quoted, the key placeholder left to the
 * shell to fill in from the environment (`"$PETSTORE_API_KEY"`).
 * @example shellWord("it's $PETSTORE_API_KEY") // 'it'\''s '"$PETSTORE_API_KEY"
 */
export function shellWord(text: string): string {
  if (text === '') return "''"
  return text
    .split(redactedKey)
    .map((part) => (part === '' ? '' : `'${part.replaceAll("'", `'\\''`)}'`))
    .join(`"${redactedKey}"`)
}

import { readFile } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import openapiTS, { astToString } from 'openapi-typescript'
import ts from 'typescript'
import { parse } from 'yaml'

const specPath = fileURLToPath(new URL('./openapi.yaml', import.meta.url))
export const generatedDir = fileURLToPath(new URL('./generated/', import.meta.url))

const int64Type = ts.factory.createUnionTypeNode([
  ts.factory.createKeywordTypeNode(ts.SyntaxKind.NumberKeyword),
  ts.factory.createKeywordTypeNode(ts.SyntaxKind.BigIntKeyword),
])

const banner = '// Generated from spec/openapi.yaml by `npm run generate`. Do not edit.\n'

interface SpecArtifacts {
  'openapi-document.ts': string
  'openapi-types.ts': string
}

/**
 * Builds the files that are derived from `spec/openapi.yaml`: the document as a typed
 * constant (read at run time by the mock, with no YAML parser in the browser bundle)
 * and the TypeScript types (openapi-typescript).
 * @example const files = await generateSpecArtifacts()
 */
export async function generateSpecArtifacts(): Promise<SpecArtifacts> {
  const source = await readFile(specPath, 'utf8')
  const document: unknown = parse(source)
  const types = astToString(
    await openapiTS(document as Parameters<typeof openapiTS>[0], {
      // An int64 beyond 2^53 has no exact JavaScript number: the lossless reader gives it as a bigint.
      transform: (schema) => (schema.format === 'int64' ? int64Type : undefined),
    }),
  )
  return {
    'openapi-document.ts': `${banner}export const openapiDocument = ${JSON.stringify(document, null, 2)} as const\n`,
    'openapi-types.ts': `${banner}${types}`,
  }
}

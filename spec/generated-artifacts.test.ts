import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { expect, it } from 'vitest'
import { generatedDir, generateSpecArtifacts } from './generate-spec-artifacts.ts'

it('keeps spec/generated in step with spec/openapi.yaml (run `npm run generate` after editing the spec)', async () => {
  const expected = await generateSpecArtifacts()
  for (const [name, text] of Object.entries(expected)) {
    const committed = await readFile(join(generatedDir, name), 'utf8')
    expect(committed, `spec/generated/${name} is stale: run npm run generate`).toBe(text)
  }
})

import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { generateSpecArtifacts, generatedDir } from '../spec/generate-spec-artifacts.ts'
import { runCli } from './run-cli.ts'

await runCli(async () => {
  const files = await generateSpecArtifacts()
  for (const [name, text] of Object.entries(files)) {
    await writeFile(join(generatedDir, name), text)
    console.log(`wrote spec/generated/${name}`)
  }
})

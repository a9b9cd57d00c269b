import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { runCli } from '../mocks/cli/run-cli.ts'
import { generatedDir, generateSpecArtifacts } from '../spec/generate-spec-artifacts.ts'

process.exitCode = await runCli(async () => {
  const files = await generateSpecArtifacts()
  for (const [name, text] of Object.entries(files)) {
    await writeFile(join(generatedDir, name), text)
    console.log(`wrote spec/generated/${name}`)
  }
})

import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { en } from '@faker-js/faker'
import { runCli } from '../shared/run-cli.ts'
import { generatedDir, generateSpecArtifacts } from '../spec/generate-spec-artifacts.ts'

process.exitCode = await runCli(async () => {
  const files = await generateSpecArtifacts()
  for (const [name, text] of Object.entries(files)) {
    await writeFile(join(generatedDir, name), text)
    console.log(`wrote spec/generated/${name}`)
  }
  // The only locale data the mock reads (mocks/model/seed-pets.ts): a copy keeps faker's locales out of bundles.
  const petNames = en.animal?.pet_name
  if (!petNames) throw new Error("Failed to read faker's English pet names: expected en.animal.pet_name, got none.")
  // Single-quoted, as the formatter writes strings.
  const quoted = (name: string) => `'${name.replaceAll('\\', '\\\\').replaceAll("'", "\\'")}'`
  await writeFile(
    'mocks/model/pet-names.ts',
    "// faker's English pet names (en.animal.pet_name) for seed-pets.ts, written by `npm run generate`. " +
      'Do not edit.\n' +
      `export const petNames: ReadonlyArray<string> = [\n${petNames.map((name) => `  ${quoted(name)},\n`).join('')}]\n`,
  )
  console.log('wrote mocks/model/pet-names.ts')
})

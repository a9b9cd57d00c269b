import { readdirSync, readFileSync } from 'node:fs'
import { join, sep } from 'node:path'
import { fileURLToPath } from 'node:url'
import { expect, it } from 'vitest'

// The mock and the suite serve and judge any kind of resource from the resources table (spec/resources.ts): no file
// of theirs names the pets' identifiers or schemas but those CONTRIBUTING lists as the pets' own (their table, their
// handlers and scenarios, their persistence, the interface's sentences). `Pet Store`, the API's name, is no pet.
// Tests beside the code may take the spec's pets as their example.

const projectRoot = fileURLToPath(new URL('../', import.meta.url))
const petWords = /\b(?:petId|NewPet|categoryId)\b|\bPet\b(?! Store)/

const productFiles = ['mocks', 'contract-tests', 'proxy'].flatMap((root) =>
  readdirSync(join(projectRoot, root), { recursive: true, encoding: 'utf8' })
    .filter((name) => /\.(?:ts|js)$/.test(name) && !/\.test\.ts$|\.test-support\.ts$/.test(name))
    .map((name) => `${root}/${name.split(sep).join('/')}`),
)

/** The files CONTRIBUTING lists as the pets' own (its section "The pets' own files"), a `*` any part of a name. */
function petsOwn(): Array<RegExp> {
  const contributing = readFileSync(join(projectRoot, 'CONTRIBUTING.md'), 'utf8')
  const section =
    contributing
      .split('\n### ')
      .find((part) => part.startsWith("The pets' own files"))
      ?.split('\n## ')[0] ?? ''
  return [...section.matchAll(/`((?:mocks|contract-tests|proxy)\/[^`]+)`/g)].map(
    (match) => new RegExp(`^${(match[1] as string).replaceAll('.', '\\.').replaceAll('*', '[^/]*')}$`),
  )
}

const naming = (file: string) => petWords.test(readFileSync(join(projectRoot, file), 'utf8'))

it("names petId, Pet, NewPet or categoryId in no file of mocks/ or contract-tests/ but the pets' own", () => {
  const own = petsOwn()
  expect(productFiles.filter(naming).filter((file) => !own.some((pattern) => pattern.test(file)))).toEqual([])
})

it("lists as the pets' own only files that exist and name the pets", () => {
  const own = petsOwn()
  expect(own.length).toBeGreaterThan(0)
  expect(own.filter((pattern) => !productFiles.some((file) => pattern.test(file) && naming(file)))).toEqual([])
})

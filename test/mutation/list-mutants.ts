import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { Instrumenter } from '@stryker-mutator/instrumenter'
import { logTextIgnorer } from './log-ignorer.ts'
import { type MutantKey, type MutantLike, mutantKeys } from './mutant-key.ts'

/** A mutant Stryker would make, with its key and whether the log-text ignorer leaves it out. */
export interface ListedMutant extends MutantLike {
  key: MutantKey
  ignored: boolean
}

/** Stryker's logger, silent: listing mutants has nothing to say. */
const silent = {
  isTraceEnabled: () => false,
  isDebugEnabled: () => false,
  isInfoEnabled: () => false,
  isWarnEnabled: () => false,
  isErrorEnabled: () => false,
  isFatalEnabled: () => false,
  trace() {},
  debug() {},
  info() {},
  warn() {},
  error() {},
  fatal() {},
}

/**
 * Every mutant Stryker makes of the TypeScript in the folders under `root`, without running any: its instrumenter,
 * with the same ignorer as a run.
 * @example (await listMutants(root, mutatedFolders())).length
 */
export async function listMutants(root: string, folders: ReadonlyArray<string>): Promise<Array<ListedMutant>> {
  const names = folders
    .flatMap((folder) =>
      readdirSync(join(root, folder), { recursive: true, encoding: 'utf8' })
        .filter((name) => name.endsWith('.ts'))
        .map((name) => join(root, folder, name)),
    )
    .sort()
  const files = names.map((name) => ({ name, content: readFileSync(name, 'utf8'), mutate: true as const }))
  const instrumenter = new Instrumenter(silent)
  const { mutants } = await instrumenter.instrument(files, {
    plugins: null,
    ignorers: [logTextIgnorer as never],
    excludedMutations: [],
  })
  const sources = new Map(files.map((file) => [file.name, file.content]))
  const keys = mutantKeys(mutants, (path) => sources.get(path) ?? '', root)
  return mutants.map((mutant, index) => ({
    ...mutant,
    key: keys[index] as MutantKey,
    ignored: mutant.status === 'Ignored',
  }))
}

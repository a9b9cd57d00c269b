import { constants } from 'node:fs'
import { access, readdir, unlink } from 'node:fs/promises'
import { basename, dirname, join } from 'node:path'
import { parseJson } from '../../spec/json/parse-json.ts'
import { stringifyJson } from '../../spec/json/stringify-json.ts'
import type { Pet } from '../../spec/types.ts'
import { MockError } from '../core/mock-error.ts'
import type { PetStoreModel } from '../model/create-pet-store-model.ts'
import { nextTurn } from '../model/next-turn.ts'
import { InvalidPetsError, parsePets } from '../model/parse-pets.ts'
import { sliceSize } from '../model/pet-table.ts'
import { NotRegularFileError, readRegularFile } from './read-regular-file.ts'
import { symlinkTarget } from './symlink-target.ts'
import { temporarySuffix, writeAtomically } from './write-atomically.ts'

interface StateFile {
  readonly path: string
  /** The pets the file held when opened; undefined when it did not exist yet. */
  readonly loaded: ReadonlyArray<Pet> | undefined
  /**
   * The model's `commit` hook: resolves once a flush that began after the call has reached the disk, so
   * a write is acknowledged only when it is durable. Writes that arrive during a flush share the next one.
   */
  commit(model: PetStoreModel): Promise<void>
  /**
   * Writes the model's pets to the file when it did not exist yet (a model started from a file's pets is
   * built with `initialPets: stateFile.loaded`, so there is nothing to write then).
   */
  attach(model: PetStoreModel): Promise<void>
  /** Waits for the flush under way, if any. */
  close(): Promise<void>
  /** How many times the file was written: one per group of writes, not one per pet. */
  readonly flushes: number
}

/** A state file the mock cannot start from; the message is one line, and the file was left untouched. */
export class StateFileError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'StateFileError'
  }
}

interface Batch {
  promise: Promise<void>
  resolve(): void
  reject(error: unknown): void
}

/**
 * Opens the state file of `--state-file`: `{"pets": [...]}`, one pet a line, int64 values to the digit; at
 * most `maxPets` pets (`--max-pets`; default `maxStatePets`).
 * Each flush writes the whole file to a temporary file beside it, syncs it and renames it over the old one
 * (then syncs the directory), so the file on disk is always either the old state or the new one, never
 * half of either (`writeAtomically`; a state file that is a symbolic link stays one).
 * @example
 * const stateFile = await openStateFile('pets.json')
 * const model = await createPetStoreModel({ commit: stateFile.commit, initialPets: stateFile.loaded })
 * await stateFile.attach(model)
 * @throws StateFileError when the file cannot be read, is not JSON, or holds a pet the spec refuses
 */
export async function openStateFile(path: string, maxPets?: number): Promise<StateFile> {
  const loaded = await loadStateFile(path, maxPets)
  const target = await symlinkTarget(path).catch((error: NodeJS.ErrnoException) => {
    throw new StateFileError(`Failed to open the state file ${path}: ${error.code}.`)
  })
  // A file to create needs a writable directory: found out now rather than once the server listens.
  if (!loaded)
    await access(dirname(target), constants.W_OK).catch((error: NodeJS.ErrnoException) => {
      throw new StateFileError(`Failed to create the state file ${path}: its directory gives ${error.code}.`)
    })
  await removeLeftovers(target)
  let next: Batch | undefined
  let flushing: Promise<void> | undefined
  let flushes = 0
  let lastFailure = ''

  async function flushAll(model: PetStoreModel): Promise<void> {
    // One turn of the event loop lets the writes of the same burst join the first flush.
    await new Promise((resolve) => setImmediate(resolve))
    while (next) {
      const batch = next
      next = undefined
      try {
        await writeAtomically(path, await serializeState(model.allPets()))
        flushes++
        batch.resolve()
      } catch (error) {
        lastFailure = (error as NodeJS.ErrnoException).code ?? 'write failed'
        batch.reject(
          new MockError(
            503,
            'storage_unavailable',
            `Failed to save the change to the state file: ${lastFailure}. ` +
              'It is in memory but not durable; the next write tries again.',
          ),
        )
      }
    }
    flushing = undefined
  }

  const stateFile: StateFile = {
    path,
    loaded,
    get flushes() {
      return flushes
    },
    commit(model) {
      if (!next) {
        let resolve: () => void = () => {}
        let reject: (error: unknown) => void = () => {}
        const promise = new Promise<void>((res, rej) => {
          resolve = res
          reject = rej
        })
        next = { promise, resolve, reject }
      }
      const { promise } = next
      flushing ??= flushAll(model)
      return promise
    },
    async attach(model) {
      if (loaded) return
      try {
        await stateFile.commit(model)
      } catch (error) {
        if (error instanceof MockError)
          throw new StateFileError(`Failed to create the state file ${path}: ${lastFailure}.`)
        throw error
      }
    },
    async close() {
      await flushing
    },
  }
  return stateFile
}

async function loadStateFile(path: string, maxPets: number | undefined): Promise<Array<Pet> | undefined> {
  let text: string
  try {
    // Never a plain readFile: a FIFO given as the state file would block the start-up without a word.
    text = await readRegularFile(path)
  } catch (error) {
    if (error instanceof NotRegularFileError)
      throw new StateFileError(`Failed to read the state file ${path}: ${error.message}. Give a regular file's path.`)
    const code = (error as NodeJS.ErrnoException).code
    if (code === 'ENOENT') return undefined
    throw new StateFileError(`Failed to read the state file ${path}: ${code ?? String(error)}.`)
  }
  const untouched = 'Fix or remove it; it was left untouched.'
  let document: unknown
  try {
    // Lossless: a categoryId beyond 2^53 comes back as the bigint it was written from.
    document = parseJson(text)
  } catch (error) {
    throw new StateFileError(
      `Failed to load the state file ${path}: expected JSON {"pets": [...]}, ` +
        `got ${(error as Error).message.split('\n')[0]}. ${untouched}`,
    )
  }
  if (typeof document !== 'object' || document === null || !Object.hasOwn(document, 'pets'))
    throw new StateFileError(`Failed to load the state file ${path}: expected an object {"pets": [...]}. ${untouched}`)
  try {
    return parsePets((document as { pets: unknown }).pets, `the state file ${path}`, maxPets)
  } catch (error) {
    if (error instanceof InvalidPetsError) throw new StateFileError(`${error.message} ${untouched}`)
    throw error
  }
}

/** The state file's text: one pet a line, so that a diff of two states reads well; int64 values to the digit. */
async function serializeState(pets: ReadonlyArray<Pet>): Promise<string> {
  if (pets.length === 0) return '{"pets": []}\n'
  // In slices, as the pets were taken (one copy): a million pets take a second to serialize, and the
  // server answers others meanwhile.
  const parts: Array<string> = []
  for (let start = 0; start < pets.length; start += sliceSize) {
    if (start > 0) await nextTurn()
    parts.push(
      pets
        .slice(start, start + sliceSize)
        .map((pet) => stringifyJson(pet))
        .join(',\n'),
    )
  }
  return `{"pets": [\n${parts.join(',\n')}\n]}\n`
}

/** Temporary files a server killed in the middle of a write left beside the state file (`pets.json.<hex>.tmp`). */
async function removeLeftovers(path: string): Promise<void> {
  const name = basename(path)
  const names = await readdir(dirname(path)).catch(() => [] as Array<string>)
  for (const other of names)
    if (other.startsWith(name) && temporarySuffix.test(other.slice(name.length)))
      await unlink(join(dirname(path), other)).catch(() => {})
}

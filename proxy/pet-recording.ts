import { maxStatePets } from '../mocks/model/parse-pets.ts'
import { openStateFile } from '../mocks/persistence/state-file.ts'
import { writeAtomically } from '../mocks/persistence/write-atomically.ts'
import { stringifyJson } from '../spec/json/stringify-json.ts'
import { petSchema } from '../spec/schemas.ts'
import type { Pet } from '../spec/types.ts'

/** The pets the deployment answered, kept in a state file (`--record`). */
export interface PetRecording {
  readonly path: string
  /** Pets in the file now, those it held at start included. */
  readonly size: number
  /** Takes the pets of one answer (a list, a read, a create): valid ones merged by id, the newest answer winning. */
  add(values: ReadonlyArray<unknown>): void
  /** Counts pets that held a credential in their fields, taken with `$PETSTORE_API_KEY` in its place. */
  noteKeysReplaced(count: number): void
  /** Resolves once every pet taken so far is on disk. */
  flush(): Promise<void>
  /** For the stop line: how many were recorded, and any left out and why. */
  note(): string
}

/**
 * Opens (or prepares) the state file `--record` writes: the pets it holds already are read and checked first (the
 * file a previous recording or `--state-file` wrote), so a second run extends it instead of replacing it. Every
 * write is atomic (`writeAtomically`) and holds the pets in id order, one a line, int64 values to the digit: the
 * format `npm start -- --state-file FILE` serves. Writes coalesce: one at a time, the changes meanwhile in the next.
 * A pet the mock could not serve (not a valid `Pet`, an id beyond 2^53) is left out and counted.
 * @example const recording = await openPetRecording('staging-pets.json'); recording.add(answer.json)
 * @throws StateFileError when the file exists and is not a state file (it is left untouched)
 */
export async function openPetRecording(path: string): Promise<PetRecording> {
  const stateFile = await openStateFile(path, maxStatePets)
  const pets = new Map<number, Pet>()
  for (const pet of stateFile.loaded ?? []) pets.set(pet.id as number, pet)
  const atStart = pets.size
  let invalid = 0
  let beyondSafe = 0
  let full = 0
  let dirty = stateFile.loaded === undefined
  let writing: Promise<void> | undefined
  let failure: string | undefined
  let keysReplaced = 0

  const write = async (): Promise<void> => {
    while (dirty) {
      dirty = false
      const lines = [...pets.values()].sort((a, b) => Number(a.id) - Number(b.id)).map((pet) => stringifyJson(pet))
      try {
        await writeAtomically(path, lines.length === 0 ? '{"pets": []}\n' : `{"pets": [\n${lines.join(',\n')}\n]}\n`)
        failure = undefined
      } catch (error) {
        failure = (error as NodeJS.ErrnoException).code ?? 'write failed'
      }
    }
    writing = undefined
  }
  const schedule = (): void => {
    dirty = true
    writing ??= new Promise<void>((resolve) => setImmediate(resolve)).then(write)
  }
  if (dirty) schedule()

  return {
    path,
    get size() {
      return pets.size
    },
    add(values) {
      let changed = false
      for (const value of values) {
        const parsed = petSchema.safeParse(value)
        if (!parsed.success) {
          invalid++
          continue
        }
        const { id, name, categoryId, status } = parsed.data
        // The mock keeps ids as numbers: a pet it could not serve is not written.
        if (typeof id !== 'number') {
          beyondSafe++
          continue
        }
        if (!pets.has(id) && pets.size >= maxStatePets) {
          full++
          continue
        }
        pets.set(id, status === undefined ? { id, name, categoryId } : { id, name, categoryId, status })
        changed = true
      }
      if (changed) schedule()
    },
    noteKeysReplaced(count) {
      keysReplaced += count
    },
    async flush() {
      while (writing) await writing
    },
    note() {
      const left = [
        invalid > 0 && `${invalid} answered pets not valid Pets`,
        beyondSafe > 0 && `${beyondSafe} with ids beyond 2^53, which the mock does not serve`,
        full > 0 && `${full} past ${maxStatePets.toLocaleString('en-US')} pets`,
      ].filter(Boolean)
      const added = pets.size - atStart
      return (
        `recorded ${pets.size} pets in ${path} (${added} new${atStart > 0 ? `, ${atStart} there before` : ''})` +
        (left.length > 0 ? `; left out: ${left.join(', ')}` : '') +
        (keysReplaced > 0 ? `; ${keysReplaced} held a credential, recorded with $PETSTORE_API_KEY in its place` : '') +
        (failure ? `; the last write failed: ${failure}` : '')
      )
    },
  }
}

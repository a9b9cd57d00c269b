import { CliError } from '../../shared/cli-error.ts'
import type { PetStoreModel, PetStoreModelOptions } from '../model/create-pet-store-model.ts'
import { parseIsoInstant } from '../model/mock-clock.ts'
import { parseFixtures } from '../model/parse-fixtures.ts'
import { InvalidPetsError } from '../model/parse-pets.ts'
import { NotRegularFileError, readRegularFile } from '../persistence/read-regular-file.ts'
import { openStateFile, StateFileError } from '../persistence/state-file.ts'

/** The serve CLI's options for the clock, the state file and the fixtures, in `node:util` parseArgs form. */
export const stateServeOptions = {
  now: { type: 'string' },
  'state-file': { type: 'string' },
  fixtures: { type: 'string' },
} as const

/**
 * The part of the serve CLI's `--help` that lists `stateServeOptions`, for the command that starts it.
 * @example stateServeHelp('npx petstore-mock')
 */
export function stateServeHelp(command: string): string {
  return `State (docs/mock-state.md):
  --now ISO-8601      set the mock's clock, e.g. 2030-12-05 or 2030-12-05T09:30:00Z (UTC unless an
                      offset is given); it runs on from there (default: the real clock)
  --state-file FILE   keep the pets in FILE: loaded at start (created when missing), every change
                      written to it before it is acknowledged; nothing touches the disk without it
  --fixtures FILE     start from the pets of FILE (the format of fixtures/pets.json), then generated
                      ones up to --pets (whose default is then 50 or the number of fixtures, if more;
                      a --pets below the number of fixtures is refused: none is dropped)

Snapshot: ${command} snapshot --help (a fixtures file from a real deployment, GET requests only)`
}

interface StateServeValues {
  now?: string
  'state-file'?: string
  fixtures?: string
}

interface ServeState {
  /** For `startPetStoreServer` (or `createPetStoreModel`): the clock, the fixtures, the state file's pets and hook. */
  modelOptions: Pick<PetStoreModelOptions, 'now' | 'fixtures' | 'initialPets' | 'commit'>
  /** Creates the state file from the model's pets when it did not exist yet; call it before announcing the server. */
  attach(model: PetStoreModel): Promise<void>
  /** For the ready line, e.g. `state file pets.json (loaded)`. Empty when no state option was given. */
  note: string
}

/**
 * Reads `--now`, `--fixtures` and `--state-file` into model options, before the server starts; a state file
 * may hold at most `maxPets` pets (`--max-pets`).
 * @example
 * const state = await prepareServeState({ 'state-file': 'pets.json' })
 * const mock = await startPetStoreServer({ port: 4010, ...state.modelOptions })
 * await state.attach(mock.model)
 * @throws CliError with a one-line reason: a bad date, an unreadable or invalid fixtures or state file
 */
export async function prepareServeState(values: StateServeValues, maxPets?: number): Promise<ServeState> {
  const notes: Array<string> = []
  if (values.now !== undefined) {
    try {
      parseIsoInstant(values.now)
    } catch (error) {
      throw new CliError(`--now: ${(error as Error).message}`)
    }
    notes.push(`clock set to ${values.now}`)
  }
  const fixtures = values.fixtures === undefined ? undefined : await readFixturesFile(values.fixtures)
  if (values.fixtures !== undefined) notes.push(`fixtures from ${values.fixtures}`)
  const path = values['state-file']
  const stateFile = path === undefined ? undefined : await openStateFile(path, maxPets).catch(toCliError)
  if (stateFile) notes.push(`state file ${stateFile.path} (${stateFile.loaded ? 'loaded' : 'created'})`)
  return {
    modelOptions: { now: values.now, fixtures, initialPets: stateFile?.loaded, commit: stateFile?.commit },
    attach: async (model) => {
      await stateFile?.attach(model).catch(toCliError)
    },
    note: notes.join(', '),
  }
}

/**
 * A fixtures file (`fixtures/pets.json` format: an array of the pets' create bodies), checked against the spec.
 * @example await readFixturesFile('fixtures/staging.json') // [{ name: 'Rex', … }, …]
 * @throws CliError naming the file and the first bad entry
 */
async function readFixturesFile(path: string): Promise<ReturnType<typeof parseFixtures>> {
  let text: string
  try {
    text = await readRegularFile(path)
  } catch (error) {
    const reason = error instanceof NotRegularFileError ? error.message : (error as NodeJS.ErrnoException).code
    throw new CliError(`Failed to read the fixtures file ${path}: ${reason}.`)
  }
  let document: unknown
  try {
    document = JSON.parse(text)
  } catch (error) {
    throw new CliError(`Failed to read the fixtures file ${path}: ${(error as Error).message.split('\n')[0]}.`)
  }
  try {
    return parseFixtures(document, `the fixtures file ${path}`)
  } catch (error) {
    if (error instanceof InvalidPetsError) throw new CliError(error.message)
    throw error
  }
}

function toCliError(error: unknown): never {
  if (error instanceof StateFileError) throw new CliError(error.message)
  throw error
}

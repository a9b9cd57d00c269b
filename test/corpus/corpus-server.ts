/**
 * One server of the conformance corpus: a conformant Pet Store written the way its framework's own documentation
 * writes a JSON API, run as its own process on loopback. `command` gets the port and the API key; the server reads
 * `PORT` and `PETSTORE_API_KEY` from its environment, listens on 127.0.0.1 and serves the pets API under `/v1` and
 * `POST /messages` on the same origin.
 */
export interface CorpusServer {
  /** Short name, e.g. `fastapi`. */
  name: string
  language: 'node' | 'python' | 'go' | 'ruby' | 'php'
  /** The program and its arguments; run in `cwd` (the server's folder) with `PORT` and `PETSTORE_API_KEY` set. */
  command: ReadonlyArray<string>
  /** The server's folder under `test/corpus/servers/`. */
  folder: string
  /** Extra environment for the process (a Go cache, a Python path). */
  env?: Record<string, string>
  /** The check names whose deviations this server earns under some seed: a level a framework default takes. */
  deviations: ReadonlyArray<string>
}

import type { ShapeName } from './deployment-shapes.ts'

/**
 * One server of the conformance corpus: a conformant Pet Store written the way its framework's own documentation
 * writes a JSON API, run as its own process on loopback. `command` gets the port and the API key; the server reads
 * `PORT` and `PETSTORE_API_KEY` from its environment, listens on 127.0.0.1 and serves the pets API under `/v1` and
 * `POST /messages` on the same origin, unless the environment of a deployment shape says otherwise
 * (deployment-shapes.ts: `PETSTORE_APIS`, `PETSTORE_PATH_PREFIX`, `PETSTORE_TLS_CERT` and `PETSTORE_TLS_KEY`).
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
  /**
   * The check names whose deviations this server earns under some seed, in every shape: a level a framework
   * default takes.
   */
  deviations: ReadonlyArray<string>
  /** The deployment shapes the server runs in, and how; a shape left out is one it does not run in. */
  shapes: Partial<Record<ShapeName, ShapeSupport>>
}

/** How a corpus server runs in one deployment shape: by its own configuration, unless it says otherwise here. */
export interface ShapeSupport {
  /**
   * Why the server cannot speak TLS itself, so that the https shape puts a TLS terminator before it (tls-front.ts),
   * as a deployment of it would.
   */
  tlsFront?: string
  /** The check names whose deviations the shape adds to `deviations`, each with its reason in the docs' table. */
  moreDeviations?: ReadonlyArray<string>
}

/** Every shape, each by the server's own configuration: the entry of a server that needs nothing else. */
export const everyShape: CorpusServer['shapes'] = {
  'one-origin': {},
  'split-origins': {},
  nginx: {},
  'base-path': {},
  https: {},
}

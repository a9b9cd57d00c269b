import { proofSeeds } from '../variants/proof-seeds.ts'
import { corpusSeeds } from './corpus-seeds.ts'
import type { CorpusServer } from './corpus-server.ts'
import { corpusServers } from './corpus-servers.ts'
import { deploymentShapes, type ShapeName, shapeNames } from './deployment-shapes.ts'

/** Which deployment shapes the corpus judges; unset, every shape of every server. `npm test` sets it. */
const variable = 'PETSTORE_CORPUS_SHAPES'

/**
 * The server `npm test` judges each shape but one origin on (`PETSTORE_CORPUS_SHAPES=sampled`), under the first
 * proof seed: one server per shape, a different one each, chosen for what the shape changes most for it. The others
 * are judged in every shape under the ten seeds by `npx vitest run test/corpus` (`.ci/run`; decision record 034).
 */
export const sampledShapes: Readonly<Record<Exclude<ShapeName, 'one-origin'>, string>> = {
  // A Node server whose messages API closes no connection: what a check pipelines there meets the other process.
  'split-origins': 'express',
  // nginx takes its Host and framing duties over (deployment-shapes.ts); php -S is the quickest server to judge.
  nginx: 'php',
  // A global prefix leaves the root to Express: the suite once judged an answer there as the API's.
  'base-path': 'nestjs',
  // Native TLS from Go's standard library.
  https: 'go-net-http',
}

/** One server in one shape, and the proof seeds it is judged under there. */
export interface CorpusCase {
  server: CorpusServer
  shape: ShapeName
  seeds: ReadonlyArray<number>
}

/**
 * The cases the corpus judges among `servers`: each in every shape its entry supports, under `corpusSeeds()`; with
 * `PETSTORE_CORPUS_SHAPES=sampled` (npm test), one origin for each and every other shape on its sampled server
 * under the first seed; with a list of shape names, those shapes only.
 * @example corpusCases(nodeServers).map(({ server, shape }) => `${server.name} ${shape}`)
 */
export function corpusCases(servers: ReadonlyArray<CorpusServer>): Array<CorpusCase> {
  const value = process.env[variable] ?? ''
  const seeds = corpusSeeds()
  const cases = servers.flatMap((server) =>
    shapeNames.filter((shape) => server.shapes[shape]).map((shape) => ({ server, shape, seeds })),
  )
  if (value === '') return cases
  if (value === 'sampled') {
    for (const [shape, name] of Object.entries(sampledShapes))
      if (!corpusServers.some((server) => server.name === name && server.shapes[shape as ShapeName]))
        throw new Error(`The server sampled for the ${shape} shape, ${name}, is no corpus server of that shape.`)
    return cases.flatMap((corpusCase) => {
      if (corpusCase.shape === 'one-origin') return [corpusCase]
      if (sampledShapes[corpusCase.shape] !== corpusCase.server.name) return []
      return [{ ...corpusCase, seeds: seeds.slice(0, 1) }]
    })
  }
  const chosen = value.split(',')
  const unknown = chosen.filter((name) => !shapeNames.includes(name as ShapeName))
  if (unknown.length > 0)
    throw new Error(
      `Failed to read ${variable}: expected "sampled" or shape names from ${shapeNames.join(', ')}, got "${value}".`,
    )
  return cases.filter((corpusCase) => chosen.includes(corpusCase.shape))
}

/** Whether a case is judged under all ten proof seeds, where every deviation its entry lists must be seen. */
export const underEverySeed = (corpusCase: CorpusCase) => corpusCase.seeds.length === proofSeeds.length

/**
 * The deviations a server's entry lists for a shape: its own, but those the shape's front takes over
 * (`DeploymentShape.takesOver`), those the front earns itself (`DeploymentShape.earns`), and those the entry adds
 * for the shape (`ShapeSupport.moreDeviations`).
 * @example listedDeviations(php, 'nginx') // php's own, without host_required and request_framing
 */
export function listedDeviations(server: CorpusServer, shape: ShapeName): Array<string> {
  const takenOver = deploymentShapes[shape].takesOver ?? {}
  const own = server.deviations.filter((check) => !(check in takenOver))
  const earned = Object.keys(deploymentShapes[shape].earns ?? {})
  return [...new Set([...own, ...earned, ...(server.shapes[shape]?.moreDeviations ?? [])])].sort()
}

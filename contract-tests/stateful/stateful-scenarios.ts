import fc from 'fast-check'
import { type Role, rolesOf, statefulRoles } from '../../spec/relations.ts'
import type { OperationId } from '../../spec/types.ts'
import { TargetError } from '../client/target-error.ts'
import { trackedRuns } from '../generate/tracked-runs.ts'
import { interfaceSays } from '../shared/citations.ts'
import type { ContractCaller } from '../shared/contract-caller.ts'
import type { ExploreOptions } from '../shared/explore-options.ts'
import type { Scenario } from '../shared/scenario.ts'
import { dataOf } from '../shared/suite-data.ts'
import { ModelViolation } from './model-violation.ts'
import { mustTrySteps } from './must-try-steps.ts'
import { ResourceKnowledge } from './resource-knowledge.ts'
import { roleBehaviours } from './role-behaviours.ts'
import { statefulCommands } from './stateful-commands.ts'
import type { StatefulWorld } from './stateful-world.ts'

// The operations the phase sequences, and what it promises of them, from the spec's relations.
const sequenced = Object.values(statefulRoles).filter((role) => role.kind !== 'stateless')
const present = new Set<Role>(sequenced.map((role) => role.kind))
/** The texts of the roles present in the spec, in the table's order. */
const titleParts = (part: 'promise' | 'mustTryTitle') =>
  (Object.keys(roleBehaviours) as Array<Role>)
    .filter((kind) => present.has(kind) && roleBehaviours[kind][part] !== '')
    .map((kind) => roleBehaviours[kind][part])
const operationNames = sequenced.map((role) => role.operationId).join(', ')
const title = `stateful: ${operationNames} in sequences: ${titleParts('promise').join('; ')}`

/**
 * The stateful phase: fast-check model-based sequences of the commands `statefulCommands` derives from
 * the spec's relations (create one or several at once, read, update, remove, list with filters and limits,
 * grow the store), each checked against what the run knows for certain (never against an order or id values).
 * A failing sequence is shrunk to the shortest that still fails; the request it failed on is kept for the
 * report with its curl line.
 * @example statefulScenarios(exploreOptions({ seed: 3 }))
 */
export function statefulScenarios(options: ExploreOptions): Array<Scenario> {
  return [
    mustTryScenario(options),
    {
      check: 'stateful_model',
      title,
      operationId: (rolesOf('list')[0] ?? sequenced[0])?.operationId as OperationId,
      basis: interfaceSays.uniqueId,
      writes: true,
      explores: true,
      async run(context) {
        const knowledge = new ResourceKnowledge(context.data)
        const commands = statefulCommands({
          runTag: context.data.runTag,
          // Typical values are those this run chose and the target took, never a big store's first page.
          known: (operationId) => dataOf(context.data, operationId).created,
        })
        let violation: ModelViolation | undefined
        let targetError: TargetError | undefined
        const client: ContractCaller = context.client
        const world: StatefulWorld = { knowledge, client, concurrency: options.concurrency }
        // A sequence the time budget interrupted goes on sending: the check waits for it before it reports.
        const sequences = trackedRuns(async (sequence: Iterable<fc.AsyncCommand<ResourceKnowledge, StatefulWorld>>) => {
          if (targetError) return
          try {
            await fc.asyncModelRun(() => ({ model: knowledge, real: world }), sequence)
          } catch (error) {
            if (error instanceof TargetError) {
              targetError = error
              return
            }
            if (error instanceof ModelViolation) violation = error
            throw error
          }
        })
        const details = await fc.check(fc.asyncProperty(fc.commands(commands, { maxCommands: 12 }), sequences.run), {
          seed: options.seed,
          numRuns: Math.max(1, Math.ceil(options.maxExamples / 2)),
          interruptAfterTimeLimit: options.timeBudgetMs,
          markInterruptAsFailure: false,
        })
        await sequences.settled()
        if (targetError) throw targetError
        if (details.interrupted) context.budgetReached()
        // Stopped by the time budget before any sequence ended: fast-check calls it failed, with no counterexample.
        if (!details.failed || details.counterexample === null) {
          context.assert(true, {
            message:
              `${details.numRuns} command sequences held; the run knows ${knowledge.size} resources, ` +
              `${knowledge.created} created by this phase ` +
              `(seed ${options.seed}${details.interrupted ? ', time budget reached' : ''})`,
          })
          return
        }
        // The last violation thrown is the shrunk sequence's: fast-check ends on the smallest that still fails.
        if (violation?.exchange) client.keep(violation.exchange)
        const sequence = String(details.counterexample?.[0] ?? '')
        context.assert(false, {
          message:
            `${violation?.message ?? String(details.errorInstance)}; shortest failing sequence: ${sequence} ` +
            `(seed ${details.seed}, path ${details.counterexamplePath}, shrunk after ${details.numShrinks} steps)`,
          expected: violation?.expected,
          received: violation?.received,
          exchange: violation?.exchange,
          basis: violation?.basis,
        })
      },
    },
  ]
}

const mustTryParts = titleParts('mustTryTitle').join('; ')
const mustTryTitle = `stateful, every run: each check the relations imply once (${operationNames}): ${mustTryParts}`

/**
 * The must-try part of the stateful phase (`mustTrySteps`): every check a role implies, in every run and in
 * the same order whatever the seed, alone on the target (before the named writers and the exploring checks,
 * which grow the store past what a complete page can show), so no write of the run's own can disturb what it
 * counts. A violation ends it, with the steps that led there.
 */
function mustTryScenario(options: ExploreOptions): Scenario {
  return {
    check: 'stateful_model',
    title: mustTryTitle,
    operationId: (rolesOf('list')[0] ?? sequenced[0])?.operationId as OperationId,
    basis: interfaceSays.uniqueId,
    writes: true,
    // Its pages exactly at, under and over the matches count what the store holds: no other check writes meanwhile,
    // and it comes before the named writers add to the store.
    alone: true,
    async run(context) {
      const knowledge = new ResourceKnowledge(context.data)
      const unjudged: Array<string> = []
      const world: StatefulWorld = { knowledge, client: context.client, concurrency: options.concurrency, unjudged }
      const known = (operationId: OperationId) => {
        const { created, listed } = dataOf(context.data, operationId)
        return [...created, ...listed]
      }
      const done: Array<string> = []
      for (const { name, command } of mustTrySteps({ runTag: context.data.runTag, known })) {
        if (!command.check(knowledge)) continue
        done.push(name)
        try {
          await command.run(knowledge, world)
        } catch (error) {
          if (!(error instanceof ModelViolation)) throw error
          if (error.exchange) context.client.keep(error.exchange)
          context.assert(false, {
            message: `${error.message}; must-try steps: ${done.join(', ')}`,
            expected: error.expected,
            received: error.received,
            exchange: error.exchange,
            basis: error.basis,
          })
          return
        }
      }
      const not = unjudged.length > 0 ? `; not judged: ${unjudged.join('; ')}` : ''
      context.assert(true, { message: `${done.length} must-try steps held: ${done.join(', ')}${not}` })
    },
  }
}

import fc from 'fast-check'
import { limitRule, petStatuses } from '../../spec/schemas.ts'
import type { NewPet } from '../../spec/types.ts'
import { TargetError } from '../client/target-error.ts'
import { interfaceSays } from '../model/citations.ts'
import type { ContractCaller } from '../model/contract-caller.ts'
import type { ExploreOptions } from '../model/explore-options.ts'
import type { Scenario } from '../model/scenario.ts'
import { ModelViolation } from './model-violation.ts'
import {
  CreatePets,
  GetPet,
  GrowStore,
  ListAtBoundary,
  ListPets,
  RepeatList,
  type StatefulWorld,
} from './pet-commands.ts'
import { PetKnowledge } from './pet-knowledge.ts'

/**
 * The stateful phase: fast-check model-based sequences of create (one or several at once), list (limit
 * and status, alone and together), get, and growing the store past the default page and past the largest
 * one, each checked against what the run knows for certain (never against an order or id values). A
 * failing sequence is shrunk to the shortest that still fails; the request it failed on is kept for the
 * report with its curl line.
 * @example statefulScenarios(exploreOptions({ seed: 3 }))
 */
export function statefulScenarios(options: ExploreOptions): Array<Scenario> {
  return [
    {
      check: 'stateful_model',
      title:
        'stateful: created pets are read and listed exactly as sent, none lost or repeated, ids unique under ' +
        'concurrent creates, past 20 and past 100 pets, and pages exactly at, one under and one over the matches',
      operationId: 'listPets',
      basis: interfaceSays.uniqueId,
      writes: true,
      explores: true,
      async run(context) {
        const knowledge = new PetKnowledge(context.data)
        const categories = [...new Set([...context.data.created, ...context.data.listed].map((pet) => pet.categoryId))]
        let serial = 0
        const newPet = (name: string, categoryIndex: number, status: NewPet['status']): NewPet => ({
          name: `${context.data.runTag}-${name}-${serial++}`,
          categoryId: categories[categoryIndex % Math.max(1, categories.length)] ?? 1,
          ...(status && { status }),
        })
        const newPetArbitrary = fc
          .record({
            name: fc.constantFrom('rex', 'ÉLAN 🐕', 'שלום', 'a b'),
            category: fc.nat(),
            status: fc.option(fc.constantFrom(...petStatuses), { nil: undefined }),
          })
          .map(({ name, category, status }) => newPet(name, category, status))
        const commands = [
          newPetArbitrary.map((pet) => new CreatePets([pet])),
          fc.array(newPetArbitrary, { minLength: 2, maxLength: 8 }).map((pets) => new CreatePets(pets)),
          fc.nat().map((index) => new GetPet(index)),
          fc.nat().map((index) => new RepeatList(index)),
          fc
            .record({
              // The edges drawn most, so the same list comes back after creates: a stale answer shows.
              limit: fc.option(
                fc.oneof(
                  { weight: 3, arbitrary: fc.constantFrom(limitRule.minimum, limitRule.maximum) },
                  { weight: 1, arbitrary: fc.integer({ min: limitRule.minimum, max: limitRule.maximum }) },
                ),
                { nil: undefined },
              ),
              status: fc.option(fc.constantFrom(...petStatuses), { nil: undefined }),
            })
            .map(({ limit, status }) => new ListPets(limit, status)),
          fc
            .record({
              status: fc.option(fc.constantFrom(...petStatuses), { nil: undefined }),
              delta: fc.constantFrom(-1 as const, 0 as const, 1 as const),
            })
            .map(({ status, delta }) => new ListAtBoundary(status, delta, limitRule)),
          fc
            .constantFrom(limitRule.default + 1, limitRule.maximum + 1)
            .map(
              (total) =>
                new GrowStore(total, (index) => newPet('grown', index, petStatuses[index % petStatuses.length])),
            ),
        ]
        let violation: ModelViolation | undefined
        let targetError: TargetError | undefined
        const client: ContractCaller = context.client
        const world: StatefulWorld = {
          knowledge,
          client,
          concurrency: options.concurrency,
          defaultLimit: limitRule.default,
        }
        const details = await fc.check(
          fc.asyncProperty(fc.commands(commands, { maxCommands: 12 }), async (sequence) => {
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
          }),
          {
            seed: options.seed,
            numRuns: Math.max(1, Math.ceil(options.maxExamples / 2)),
            interruptAfterTimeLimit: options.timeBudgetMs,
            markInterruptAsFailure: false,
          },
        )
        if (targetError) throw targetError
        // Stopped by the time budget before any sequence ended: fast-check calls it failed, with no counterexample.
        if (!details.failed || details.counterexample === null) {
          context.assert(true, {
            message:
              `${details.numRuns} command sequences held; the run knows ${knowledge.size} pets, ` +
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

import { faker } from '@faker-js/faker/locale/base'
import * as z from 'zod'
import { type OperationSpec, operationList } from '../../../spec/operations.ts'
import type { OperationId } from '../../../spec/types.ts'
import { type BasePaths, operationPaths, specBasePaths } from '../base-paths.ts'
import { MockError } from '../mock-error.ts'
import { type Fault, faults, maxDelayMs, type Preferences, parseCode } from './preferences.ts'

/** What a client sends to add a rule (`POST /__mock/rules`, `mock.rules.add`). */
export interface MockRuleInput {
  method: string
  /**
   * The path as the spec writes it, with its base (`/v1/owners/{ownerId}`, `/messages`), or with the mock's own
   * base when it has another (`/api/v1/owners/{ownerId}`), as its journal shows paths.
   */
  path: string
  status?: number
  delayMs?: number
  fault?: Fault
  /** Applies this many times, then ends. Default: until removed. */
  times?: number
  /** Chance (0-1) that it applies to a matching request, drawn from the seeded generator. Default 1. */
  probability?: number
}

/** A rule as the mock keeps and lists it. */
export interface MockRule extends MockRuleInput {
  id: string
}

/** At most this many rules per session: enough for any test, few enough to match in no time. */
const maxRules = 100

const ruleSchema = z.strictObject({
  method: z.string().regex(/^[A-Za-z]{1,10}$/, 'a method name such as GET'),
  path: z.string().min(1).max(200),
  status: z.number().int().optional(),
  delayMs: z.number().int().min(0).max(maxDelayMs).optional(),
  fault: z.enum(faults as [Fault, ...Array<Fault>]).optional(),
  times: z.number().int().min(1).max(1_000_000).optional(),
  probability: z.number().min(0).max(1).optional(),
})

/** The rules of one session: added, listed, removed, and matched against each authenticated request. */
export interface RuleSet {
  add(input: unknown): MockRule
  list(): Array<MockRule>
  /** False when no rule has the id. */
  remove(id: string): boolean
  clear(): void
  /** The preferences of the first rule that applies to a request of this operation, counting it down. */
  match(operationId: OperationId): Preferences | undefined
  readonly size: number
}

/**
 * The rules of one session. `probability` draws from a generator seeded with `seed`, so a chaos run
 * replays exactly after a reset; ids count from `r1` again after `clear()`.
 * `basePaths`: where the mock's bases are, so that a rule may name a path as the client sends it.
 * @example const rules = createRuleSet(1); rules.add({ method: 'GET', path: '/v1/pets', status: 503, times: 1 })
 */
export function createRuleSet(seed: number, basePaths: BasePaths = specBasePaths): RuleSet {
  const rules: Array<MockRule & { route: OperationSpec }> = []
  let lastId = 0
  let draws = 0

  // The shared instance, seeded right before each synchronous draw with (seed, draw number): the same
  // sequence every time, whatever else uses the instance in between.
  const draw = (): number => {
    faker.seed([seed, draws++])
    return faker.number.float({ min: 0, max: 1 })
  }

  return {
    get size() {
      return rules.length
    },
    add(input) {
      const rule = parseRule(input, basePaths)
      if (rules.length >= maxRules)
        throw invalid(
          `Failed to add the rule: expected at most ${maxRules} rules, got ${maxRules + 1}. Remove some first.`,
        )
      const stored = { id: `r${++lastId}`, ...rule }
      rules.push(stored)
      return publicRule(stored)
    },
    list: () => rules.map(publicRule),
    remove(id) {
      const index = rules.findIndex((rule) => rule.id === id)
      if (index === -1) return false
      rules.splice(index, 1)
      return true
    },
    clear() {
      rules.length = 0
      lastId = 0
      draws = 0
    },
    match(operationId) {
      if (rules.length === 0) return undefined
      for (let index = 0; index < rules.length; index++) {
        const rule = rules[index] as MockRule & { route: OperationSpec }
        if (rule.route.operationId !== operationId) continue
        if (rule.probability !== undefined && draw() >= rule.probability) continue
        if (rule.times !== undefined) {
          rule.times -= 1
          if (rule.times === 0) rules.splice(index, 1)
        }
        return { code: rule.status, delayMs: rule.delayMs, fault: rule.fault }
      }
      return undefined
    },
  }
}

function parseRule(input: unknown, basePaths: BasePaths): MockRuleInput & { route: OperationSpec } {
  const result = ruleSchema.safeParse(input)
  if (!result.success) {
    const issue = result.error.issues[0]
    const field = issue?.path.length ? `"${issue.path.join('.')}"` : 'the rule'
    throw invalid(`Failed to add the rule: ${field} is not valid (${issue?.message ?? 'unknown'}).`)
  }
  const rule = result.data
  const method = rule.method.toUpperCase()
  const route = operationList.find(
    (candidate) => candidate.method === method && operationPaths(candidate, basePaths).includes(rule.path),
  )
  if (!route) {
    const known = operationList.map((candidate) => `${candidate.method} ${operationPaths(candidate, basePaths)[0]}`)
    throw invalid(
      `Failed to add the rule: expected a method and path of the spec (${known.join(', ')}), ` +
        `got ${method} ${JSON.stringify(rule.path.slice(0, 80))}.`,
    )
  }
  if (rule.status === undefined && rule.delayMs === undefined && rule.fault === undefined)
    throw invalid('Failed to add the rule: expected at least one of "status", "delayMs" or "fault", got none.')
  if (rule.status !== undefined) {
    try {
      parseCode(rule.status, route, 'Failed to add the rule: "status"')
    } catch (error) {
      throw error instanceof MockError ? invalid(error.message) : error
    }
  }
  return { ...rule, method, route }
}

function publicRule({ route: _route, ...rule }: MockRule & { route: OperationSpec }): MockRule {
  return rule
}

function invalid(message: string): MockError {
  return new MockError(400, 'invalid_rule', message)
}

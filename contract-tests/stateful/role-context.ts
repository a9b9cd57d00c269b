import fc from 'fast-check'
import { rolesOf, type StatefulRole } from '../../spec/relations.ts'
import type { OperationId } from '../../spec/types.ts'
import type { Body } from '../shared/suite-data.ts'
import { type TypicalValues, typicalBodies } from './typical-bodies.ts'

/** The roles of one kind that name what `creator` creates, in spec order. */
export const rolesFor = <K extends 'read' | 'update' | 'remove' | 'list'>(
  kind: K,
  creator: OperationId,
): Array<StatefulRole & { kind: K }> => rolesOf(kind).filter((role) => role.creator === creator)

/** What every role's commands and must-try steps are built from: the typical bodies of the run. */
export interface RoleContext {
  /** Typical bodies of an operation that takes one (`typicalBodies`), made once per operation. */
  bodies(operationId: OperationId): fc.Arbitrary<Body>
  /** The typical body numbered `index`, the same for every seed: a must-try step draws nothing by chance. */
  bodyAt(operationId: OperationId, index: number): Body
}

/**
 * The context of a run whose typical bodies are made of `values`.
 * @example roleContext({ runTag: 'run1', known: () => [] }).bodyAt('createPet', 1)
 */
export function roleContext(values: TypicalValues): RoleContext {
  const made = new Map<OperationId, fc.Arbitrary<Body>>()
  const bodies = (operationId: OperationId) => {
    let arbitrary = made.get(operationId)
    if (!arbitrary) {
      arbitrary = typicalBodies(operationId, values) as fc.Arbitrary<Body>
      made.set(operationId, arbitrary)
    }
    return arbitrary
  }
  // One body per index, drawn afresh: many creates, each told apart.
  return {
    bodies,
    bodyAt: (operationId, index) => fc.sample(bodies(operationId), { numRuns: 1, seed: index })[0] as Body,
  }
}

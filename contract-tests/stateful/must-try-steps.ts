import { type Role, rolesOf, type StatefulRole } from '../../spec/relations.ts'
import { type MustTryStep, type RoleBehaviour, roleBehaviours } from './role-behaviours.ts'
import { roleContext } from './role-context.ts'
import type { TypicalValues } from './typical-bodies.ts'

/** Whether `role` names what `creator` creates (the creator's own role included). */
const belongsTo = (role: StatefulRole, creator: string) =>
  role.operationId === creator || ('creator' in role && role.creator === creator)

/**
 * Every check a role of the spec's relations implies, once, in an order that makes each one judgeable: for
 * each creator, the must-try steps of every role that names what it creates, in the order of `roleBehaviours`
 * (what a creator makes is read back, changed, removed, then listed at every boundary as the store grows).
 * Chance decides nothing here: the random sequences come on top.
 * @example for (const { command } of mustTrySteps(values)) await command.run(knowledge, world)
 */
export function mustTrySteps(values: TypicalValues): Array<MustTryStep> {
  const context = roleContext(values)
  const roles = Object.keys(roleBehaviours) as Array<Role>
  return rolesOf('create').flatMap((creator) =>
    roles.flatMap((kind) =>
      rolesOf(kind)
        .filter((role) => belongsTo(role, creator.operationId))
        .flatMap((role) => (roleBehaviours[kind] as RoleBehaviour<StatefulRole>).mustTry(role, context)),
    ),
  )
}

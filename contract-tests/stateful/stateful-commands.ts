import type fc from 'fast-check'
import { type Role, rolesOf, type StatefulRole } from '../../spec/relations.ts'
import type { ResourceKnowledge } from './resource-knowledge.ts'
import { type RoleBehaviour, roleBehaviours } from './role-behaviours.ts'
import { roleContext } from './role-context.ts'
import type { StatefulWorld } from './stateful-world.ts'
import type { TypicalValues } from './typical-bodies.ts'

type CommandArbitrary = fc.Arbitrary<fc.AsyncCommand<ResourceKnowledge, StatefulWorld>>

/**
 * The stateful phase's commands, each from an operation's role in `spec/relations.ts` through its behaviour in
 * `roleBehaviours`: a creator creates one or several at once; a read reads a live resource (its fields) or a
 * removed one (404); an update changes a resource the phase created; a removal removes one, or one already
 * removed; a list lists with its filters and limit, at a limit one off the known matches, again after changes,
 * and the creator grows the store past the list's default page and past its largest.
 * @example fc.commands(statefulCommands({ runTag: 'run1', known: () => [] }), { maxCommands: 12 })
 */
export function statefulCommands(values: TypicalValues): Array<CommandArbitrary> {
  const context = roleContext(values)
  return (Object.keys(roleBehaviours) as Array<Role>).flatMap((kind) =>
    rolesOf(kind).flatMap((role) => (roleBehaviours[kind] as RoleBehaviour<StatefulRole>).commands(role, context)),
  )
}

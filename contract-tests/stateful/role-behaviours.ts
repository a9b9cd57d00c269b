import fc from 'fast-check'
import { type Role, type StatefulRole, statefulRoles } from '../../spec/relations.ts'
import { requestBodySchema } from '../values/spec-parameters.ts'
import { CreateResources, type CreateRole, GrowStore } from './create-resources.ts'
import { ListAtStableBoundary } from './list-at-stable-boundary.ts'
import { listCommands } from './list-commands.ts'
import { ListPastMaximum, ListResources } from './list-resources.ts'
import { ReadResource } from './read-resource.ts'
import { RemoveResource } from './remove-resource.ts'
import type { ResourceKnowledge } from './resource-knowledge.ts'
import { type RoleContext, rolesFor } from './role-context.ts'
import type { StatefulWorld } from './stateful-world.ts'
import { UpdateResource } from './update-resource.ts'

type Command = fc.AsyncCommand<ResourceKnowledge, StatefulWorld>

/** One step of the must-try sequence: a command of the stateful phase, named for the report. */
export interface MustTryStep {
  name: string
  command: Command
}

const step = (command: Command, name = String(command)): MustTryStep => ({ name, command })

/**
 * What the stateful phase does with the operations of one role of `spec/relations.ts`: the commands it
 * draws and the steps it always takes, each of which sends the request, judges the answer and updates the
 * model (a create adds what it answered, an update the change, a removal takes the resource out of every
 * read and list). Which resource a request names is the role's link (`namingRole`), and a request that names
 * one and is unsafe names only one this run created: a rule of the link, not of the role, so a new role
 * keeps it with no edit.
 */
export interface RoleBehaviour<R extends StatefulRole> {
  /** What the role's operations are held to, for the phase's title (empty when nothing beyond the others). */
  promise: string
  /** What its must-try steps do, for their title (empty when they do nothing of their own). */
  mustTryTitle: string
  /** Its random commands, which fast-check draws sequences of. */
  commands(role: R, context: RoleContext): Array<fc.Arbitrary<Command>>
  /**
   * The steps every run takes for it whatever the seed, after the steps of the roles above it in the table
   * for the same creator: the creator's own role is `create`.
   */
  mustTry(role: R, context: RoleContext): Array<MustTryStep>
}

/** The newest resource read back through every read of `creator`. */
const readNewest = (creator: CreateRole, when: string) =>
  rolesFor('read', creator.operationId).map((read) =>
    step(new ReadResource(read, -1, false), `${read.operationId}(${when})`),
  )

/** The creator's lists at their largest page. */
const listLargest = (creator: CreateRole['operationId']) =>
  rolesFor('list', creator).map((list) =>
    step(new ListResources(list, list.limit ? { [list.limit.parameter]: list.limit.maximum } : {})),
  )

/**
 * Each role's behaviour in the stateful phase, keyed by the role: a role `spec/relations.ts` gains fails the
 * build here until it has one. The order is the must-try sequence's: what is created is read, changed,
 * removed, then listed at every boundary.
 * @example roleBehaviours.create.mustTry(creator, roleContext(values)).map((step) => step.name)
 */
export const roleBehaviours: { [K in Role]: RoleBehaviour<StatefulRole & { kind: K }> } = {
  create: {
    promise: 'what is created is read and listed exactly as sent, ids unique under concurrent creates',
    mustTryTitle: 'created one and several at once and read back',
    commands: (role, context) => [
      context.bodies(role.operationId).map((body) => new CreateResources(role, [body])),
      fc
        .array(context.bodies(role.operationId), { minLength: 2, maxLength: 8 })
        .map((many) => new CreateResources(role, many)),
    ],
    mustTry: (role, context) => [
      step(new CreateResources(role, [context.bodyAt(role.operationId, 1)])),
      step(
        new CreateResources(
          role,
          [2, 3, 4, 5].map((index) => context.bodyAt(role.operationId, index)),
        ),
      ),
      ...readNewest(role, 'newest'),
    ],
  },
  read: {
    promise: '',
    mustTryTitle: '',
    commands: (role) => [
      fc
        .record({ index: fc.nat(), removed: fc.boolean() })
        .map(({ index, removed }) => new ReadResource(role, index, removed)),
    ],
    // The creator's steps read back what it made.
    mustTry: () => [],
  },
  update: {
    promise: 'what is changed reads and lists changed',
    mustTryTitle: 'a change to values the pet does not hold, then every read and list of what it changed',
    commands: (role, context) => [
      fc
        .record({ index: fc.nat(), drawn: context.bodies(role.operationId) })
        .map(({ index, drawn }) => new UpdateResource(role, index, drawn)),
    ],
    mustTry: (role, context) => [step(new UpdateResource(role, -1, context.bodyAt(role.operationId, 1)))],
  },
  remove: {
    promise: 'what is removed is gone from every read and list',
    mustTryTitle: 'a removal then every read and list of what it removed',
    commands: (role) => [
      fc
        .record({ index: fc.nat(), again: fc.boolean() })
        .map(({ index, again }) => new RemoveResource(role, index, again)),
    ],
    mustTry: (role) => [
      step(new RemoveResource(role, 0, false)),
      step(new RemoveResource(role, 0, true)),
      ...rolesFor('read', role.creator).map((read) => step(new ReadResource(read, 0, true))),
      ...listLargest(role.creator),
    ],
  },
  list: {
    promise:
      'none lost or repeated, past the default and the largest page, pages exactly at, one under and one over ' +
      'the matches',
    mustTryTitle:
      'lists at exactly, one under and one over the matches, unfiltered and by every filter value, a resource ' +
      'created without the filtered fields among them, the newest of a store past the largest page read by id',
    commands: listCommands,
    mustTry(role, context) {
      const { limit } = role
      const creator = statefulRoles[role.creator]
      if (!limit || creator.kind !== 'create') return []
      const bounded = { ...role, limit }
      const bodyAt = (index: number) => context.bodyAt(role.creator, index)
      const required = new Set(requestBodySchema(role.creator)?.required ?? [])
      const optional = role.filters.map(({ field }) => field).filter((field) => !required.has(field))
      const without = Object.fromEntries(Object.entries(bodyAt(6)).filter(([field]) => !optional.includes(field)))
      return [
        // A resource created without the filtered fields, which only an unfiltered list holds.
        ...(optional.length > 0
          ? [step(new CreateResources(creator, [without]), `${role.creator}(without ${optional.join(', ')})`)]
          : []),
        step(new ListAtStableBoundary(bounded, {})),
        ...role.filters.flatMap(({ parameter, values }) =>
          values.map((value) => step(new ListAtStableBoundary(bounded, { [parameter]: value }))),
        ),
        step(new GrowStore(creator, limit.maximum + 1, (index) => bodyAt(100 + index))),
        step(new ListPastMaximum(bounded)),
        step(new CreateResources(creator, [bodyAt(99)])),
        ...readNewest(creator, `newest of a store past ${limit.maximum}`),
      ]
    },
  },
  stateless: { promise: '', mustTryTitle: '', commands: () => [], mustTry: () => [] },
}

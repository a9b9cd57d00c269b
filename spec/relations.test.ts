import { expect, it } from 'vitest'
import { operationList } from './operations.ts'
import { rolesOf, statefulRoles } from './relations.ts'

it('reads createPet as the creator whose id getPet takes, from the link on its 201', () => {
  expect(statefulRoles.createPet).toMatchObject({
    kind: 'create',
    status: 201,
    links: [{ operationId: 'getPet', parameter: 'petId', field: 'id' }],
  })
  expect(statefulRoles.getPet).toMatchObject({ kind: 'read', creator: 'createPet', link: { parameter: 'petId' } })
})

it("reads listPets as the list of what createPet creates, its filter's values and limit's bounds from the spec", () => {
  expect(statefulRoles.listPets).toMatchObject({
    kind: 'list',
    creator: 'createPet',
    filters: [{ parameter: 'status', field: 'status', values: ['available', 'pending', 'sold'] }],
    limit: { parameter: 'limit', minimum: 1, maximum: 100, default: 20 },
  })
})

it('gives every described operation a part in the stateful phase, or the reason the spec states for none', () => {
  for (const operation of operationList.filter((candidate) => candidate.described)) {
    const role = statefulRoles[operation.operationId]
    if (role.kind === 'stateless') expect(role.reason, operation.operationId).toMatch(/\w+ \w+/)
  }
  expect(statefulRoles.sendMessage).toMatchObject({ kind: 'stateless', reason: expect.stringMatching(/reads/) })
  expect(rolesOf('remove')).toEqual([])
})

import { expect, it } from 'vitest'
import { operationList } from './operations.ts'
import { namingRole, rolesOf, statefulRoles } from './relations.ts'

it('reads createPet as the creator whose id getPet takes, from the link on its 201', () => {
  expect(statefulRoles.createPet).toMatchObject({ kind: 'create', status: 201 })
  // Among its links, whatever others the spec gains.
  expect(statefulRoles.createPet.kind === 'create' && statefulRoles.createPet.links).toContainEqual(
    expect.objectContaining({ operationId: 'getPet', parameter: 'petId', field: 'id' }),
  )
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
})

it('gives every operation a creator links to the role its method implies, naming the resource by the link', () => {
  const implied = (method: string, safe: boolean) =>
    safe ? 'read' : method === 'DELETE' ? 'remove' : method === 'PATCH' || method === 'PUT' ? 'update' : undefined
  for (const creator of rolesOf('create'))
    for (const link of creator.links) {
      const { method, safe } = operationList.find((operation) => operation.operationId === link.operationId) ?? {}
      const role = statefulRoles[link.operationId]
      expect(role, link.operationId).toMatchObject({ kind: implied(String(method), Boolean(safe)), link })
      expect(namingRole(role)?.link.parameter).toBe(link.parameter)
    }
  expect(namingRole(statefulRoles.createPet)).toBeUndefined()
  expect(namingRole(statefulRoles.listPets)).toBeUndefined()
})

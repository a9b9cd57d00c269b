import { expect, it } from 'vitest'
import { operationObject, operations } from './operations.ts'
import { rolesOf } from './relations.ts'
import { isResource, listLimit, resourceList, resourceOf, resources } from './resources.ts'

it('has one row per creating operation, each with the read and the list its relations give', () => {
  expect(resourceList.map((resource) => resource.creator)).toEqual(rolesOf('create').map((role) => role.operationId))
  for (const resource of resourceList) {
    const read = rolesOf('read').find((role) => role.creator === resource.creator)
    const list = rolesOf('list').find((role) => role.creator === resource.creator)
    expect(resource.read?.operationId).toBe(read?.operationId)
    expect(resource.read?.parameter).toBe(read?.link.parameter)
    expect(resource.list?.operationId).toBe(list?.operationId)
    expect(resource.path).toBe(operations[resource.creator].path)
  }
})

it("reads each list's limit from its parameter's schema, the one form of the rule", () => {
  for (const resource of resourceList.filter((candidate) => candidate.list?.limit)) {
    const limit = listLimit(resource.list?.operationId as keyof typeof operations)
    const parameters = (operationObject(resource.list?.operationId as keyof typeof operations).parameters ??
      []) as Array<Record<string, unknown>>
    expect(parameters.length, resource.creator).toBeGreaterThan(0)
    expect(limit.minimum).toBeLessThanOrEqual(limit.default)
    expect(limit.default).toBeLessThanOrEqual(limit.maximum)
  }
})

it('quotes in each limit citation the bounds its schema gives, when the citation states them', () => {
  for (const resource of resourceList.filter((candidate) => candidate.list?.limit)) {
    const { minimum, maximum, default: byDefault } = resource.list?.limit ?? {}
    const stated = /minimum (\d+), maximum (\d+), default (\d+)/.exec(resource.citations.limit)
    if (stated) expect(stated.slice(1).map(Number), resource.creator).toEqual([minimum, maximum, byDefault])
    expect(resource.citations.limit, resource.creator).not.toBe('')
  }
})

it("judges a resource's shape by its own schema's required fields", () => {
  for (const resource of resourceList) {
    const example = Object.fromEntries(
      resource.required.map(({ name, type }) => [name, type === 'integer' ? 1 : type === 'string' ? 'x' : true]),
    )
    expect(isResource(resource, example), resource.creator).toBe(true)
    for (const { name } of resource.required) {
      const { [name]: _missing, ...without } = example
      expect(isResource(resource, without), `${resource.creator} without ${name}`).toBe(false)
    }
  }
  expect(isResource({ required: [{ name: 'id', type: 'integer', format: 'int64' }] }, { id: 2n ** 63n })).toBe(false)
})

it('names the resource every operation of a role acts on, and none for a stateless one', () => {
  for (const resource of resourceList) {
    for (const operationId of [resource.creator, resource.read?.operationId, resource.list?.operationId])
      if (operationId) expect(resourceOf(operationId)).toBe(resources[resource.creator])
  }
  for (const role of rolesOf('stateless')) expect(resourceOf(role.operationId)).toBeUndefined()
})

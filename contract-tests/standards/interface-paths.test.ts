import { expect, it } from 'vitest'
import { operationList } from '../../spec/operations.ts'
import { namingRole, statefulRoles } from '../../spec/relations.ts'
import { interfacePaths, methodsOf } from './interface-paths.ts'

it('lists every path the interface describes, once, with its methods and HEAD wherever GET is', () => {
  // From the catalogue, not written out: a new operation on a path joins its methods.
  const described = operationList.filter((operation) => operation.described)
  const expected = [...new Set(described.map((operation) => operation.path))].map((path) => {
    const methods = described.filter((operation) => operation.path === path).map((operation) => operation.method)
    return [path, [...methods, ...(methods.includes('GET') ? ['HEAD'] : [])].sort()]
  })
  expect(interfacePaths.map((path) => [path.path, [...methodsOf(path)].sort()])).toEqual(expected)
  expect(expected.length).toBeGreaterThan(0)
})

it('knows which path names a created resource, and what creates it, from the links of the spec', () => {
  for (const path of interfacePaths) {
    const linked = operationList
      .filter((operation) => operation.path === path.path)
      .map((operation) => namingRole(statefulRoles[operation.operationId]))
      .find((role) => role !== undefined)
    const expected = linked && { parameter: linked.link.parameter, field: linked.link.field, creator: linked.creator }
    expect(path.resource, path.path).toEqual(expected)
  }
  expect(interfacePaths.some((path) => path.resource !== undefined)).toBe(true)
})

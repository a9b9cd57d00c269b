import { expect, it } from 'vitest'
import { operationRoute } from './operation-route.ts'

const routeOf = operationRoute({ pets: 'http://127.0.0.1:4010/api/v1/', messages: 'http://127.0.0.1:4011' })

it("names a read of any pet by its operation's path template, and a path outside the spec by itself", () => {
  expect(routeOf('GET', 'http://127.0.0.1:4010/api/v1/pets/12')).toBe('GET http://127.0.0.1:4010/api/v1/pets/{petId}')
  expect(routeOf('GET', 'http://127.0.0.1:4010/api/v1/pets/987654321987?x=1')).toBe(
    'GET http://127.0.0.1:4010/api/v1/pets/{petId}',
  )
  expect(routeOf('POST', 'http://127.0.0.1:4011/messages')).toBe('POST http://127.0.0.1:4011/messages')
  expect(routeOf('GET', 'http://127.0.0.1:4010/api/v1/pets?limit=1')).toBe('GET http://127.0.0.1:4010/api/v1/pets')
  // The pets' paths at the messages origin, and a method no operation takes (an extension's), are routes of their own.
  expect(routeOf('GET', 'http://127.0.0.1:4011/pets/12')).toBe('GET http://127.0.0.1:4011/pets/12')
  expect(routeOf('PROPFIND', 'http://127.0.0.1:4010/api/v1/pets/12')).toBe(
    'PROPFIND http://127.0.0.1:4010/api/v1/pets/12',
  )
})

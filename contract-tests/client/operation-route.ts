import { addRoute, createRouter, findRoute } from 'rou3'
import { type ApiBase, operationList } from '../../spec/operations.ts'

const routers = { pets: createRouter<string>(), messages: createRouter<string>() }
for (const operation of operationList)
  addRoute(routers[operation.base], operation.method, operation.pattern, operation.path)

/**
 * The route a request takes, as one handler of the service answers it: its method, its origin and the path template
 * of the spec's operation it reaches (`GET http://127.0.0.1:4010/v1/pets/{id}` for a read by id), whatever the path
 * parameters' values; its method, origin and path when it reaches no operation of the spec. A read of one item is the
 * same route as a read of another.
 * @example const routeOf = operationRoute({ pets: 'http://127.0.0.1:4010/v1', messages: 'http://127.0.0.1:4010' })
 * routeOf('GET', 'http://127.0.0.1:4010/v1/pets/12?x=1') // the read-by-id template's route
 */
export function operationRoute(bases: Readonly<Record<ApiBase, string>>): (method: string, url: string) => string {
  const prefixes = (Object.entries(bases) as Array<[ApiBase, string]>).map(([base, baseUrl]) => {
    const { origin, pathname } = new URL(baseUrl)
    return { base, origin, path: pathname.replace(/\/+$/, '') }
  })
  return (method, url) => {
    const { origin, pathname } = new URL(url)
    for (const prefix of prefixes) {
      if (origin !== prefix.origin || !pathname.startsWith(`${prefix.path}/`)) continue
      const template = findRoute(routers[prefix.base], method, pathname.slice(prefix.path.length))?.data
      if (template !== undefined) return `${method} ${origin}${prefix.path}${template}`
    }
    return `${method} ${origin}${pathname}`
  }
}

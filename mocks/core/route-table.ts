import { addRoute, createRouter, findRoute as findRou3Route } from 'rou3'
import { type ApiBase, type OperationSpec, operationList } from '../../spec/operations.ts'

interface PathEntry {
  base: ApiBase
  /** `:name` form, relative to the base. */
  pattern: string
  /** Methods the path answers, HEAD beside every GET and OPTIONS for CORS preflights. */
  allow: ReadonlyArray<string>
  routes: ReadonlyArray<OperationSpec>
}

/**
 * What a method and a path resolve to: an operation with its (still percent-encoded) path parameters, or a
 * known path.
 */
type RouteMatch =
  | { kind: 'operation'; route: OperationSpec; params: Readonly<Record<string, string | undefined>> }
  | { kind: 'path'; allow: ReadonlyArray<string> }

/**
 * The spec's routes grouped by path, static paths before parameterised ones.
 * @example pathTable.find((entry) => entry.pattern === '/pets')?.allow // ['GET', 'HEAD', 'POST', 'OPTIONS']
 */
export const pathTable: ReadonlyArray<PathEntry> = groupByPath(operationList)

/**
 * The methods a set of operations answers as the router does, for an `Allow` header: each operation's
 * method, HEAD beside GET, and OPTIONS for CORS preflights, each once.
 * @example allowedMethods(operationList) // ['GET', 'HEAD', 'POST', 'OPTIONS']
 */
export function allowedMethods(routes: ReadonlyArray<OperationSpec>): Array<string> {
  const methods = routes.flatMap((route) => (route.method === 'GET' ? ['GET', 'HEAD'] : [route.method]))
  return [...new Set([...methods, 'OPTIONS'])]
}

type RouteData = { route: OperationSpec } | { allow: ReadonlyArray<string> }

const routers = { pets: createRouter<RouteData>(), messages: createRouter<RouteData>() }
for (const entry of pathTable) {
  const router = routers[entry.base]
  for (const route of entry.routes) {
    addRoute(router, route.method, entry.pattern, { route })
    if (route.method === 'GET') addRoute(router, 'HEAD', entry.pattern, { route })
  }
  // Any other method on a known path: a preflight or a 405.
  addRoute(router, '', entry.pattern, { allow: entry.allow })
}

/**
 * Resolves a method and a raw path (relative to its base, never decoded: a malformed percent-escape
 * is the operation's to refuse) with rou3. Undefined when no route has the path.
 * @example findRoute('pets', 'HEAD', '/pets/7')
 * // { kind: 'operation', route: operations.getPet, params: { … } }
 */
export function findRoute(base: ApiBase, method: string, path: string): RouteMatch | undefined {
  // Only the methods some route has: any other token a client sends is resolved afresh each time.
  if (!routedMethods.has(method)) return resolve(base, method, path)
  const byMethod = matched[base]
  let byPath = byMethod[method]
  if (!byPath) {
    byPath = new Map()
    byMethod[method] = byPath
  }
  const known = byPath.get(path)
  if (known !== undefined) return known ?? undefined
  const match = resolve(base, method, path)
  // Bounded: a client sending endless distinct paths (ids) costs a cleared map now and then, not memory.
  if (byPath.size >= maxMatchedPaths) byPath.clear()
  byPath.set(path, match ?? null)
  return match
}

/**
 * The matches of the paths clients send, by base and method: most requests repeat a path (a list, a pet
 * read again), and rou3 splits every path it resolves. A match is frozen, so sharing it is safe.
 */
const matched: Record<ApiBase, Record<string, Map<string, RouteMatch | null>>> = { pets: {}, messages: {} }
const maxMatchedPaths = 4_096
const routedMethods: ReadonlySet<string> = new Set(allowedMethods(operationList))

function resolve(base: ApiBase, method: string, path: string): RouteMatch | undefined {
  const match = findRou3Route(routers[base], method, path)
  if (!match) return undefined
  if ('allow' in match.data) return Object.freeze({ kind: 'path', allow: match.data.allow })
  const params = Object.freeze({ ...match.params })
  return Object.freeze({ kind: 'operation', route: match.data.route, params })
}

function groupByPath(all: ReadonlyArray<OperationSpec>): Array<PathEntry> {
  const entries = new Map<string, PathEntry & { routes: Array<OperationSpec> }>()
  for (const route of all) {
    const key = `${route.base} ${route.pattern}`
    const entry = entries.get(key) ?? { base: route.base, pattern: route.pattern, allow: [], routes: [] }
    entry.routes.push(route)
    entries.set(key, entry)
  }
  return [...entries.values()]
    .map((entry) => ({ ...entry, allow: allowedMethods(entry.routes) }))
    .sort((a, b) => Number(a.pattern.includes(':')) - Number(b.pattern.includes(':')))
}

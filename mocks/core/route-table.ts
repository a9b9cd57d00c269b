import { type ApiBase, type OperationSpec, operationList } from '../../spec/operations.ts'

export interface PathEntry {
  base: ApiBase
  /** `:name` form, relative to the base. */
  pattern: string
  /** Methods the path answers, HEAD beside every GET and OPTIONS for CORS preflights. */
  allow: ReadonlyArray<string>
  routes: ReadonlyArray<OperationSpec>
}

/**
 * The spec's routes grouped by path: what the adapters register, in the order to register them
 * (static paths before parameterised ones, so that first match wins correctly).
 * @example pathTable.find((entry) => entry.pattern === '/pets')?.allow // ['GET', 'HEAD', 'POST', 'OPTIONS']
 */
export const pathTable: ReadonlyArray<PathEntry> = groupByPath(operationList)

function groupByPath(all: ReadonlyArray<OperationSpec>): Array<PathEntry> {
  const entries = new Map<string, PathEntry & { routes: Array<OperationSpec> }>()
  for (const route of all) {
    const key = `${route.base} ${route.pattern}`
    const entry = entries.get(key) ?? { base: route.base, pattern: route.pattern, allow: [], routes: [] }
    entry.routes.push(route)
    entries.set(key, entry)
  }
  return [...entries.values()]
    .map((entry) => {
      const methods = entry.routes.flatMap((route) => (route.method === 'GET' ? ['GET', 'HEAD'] : [route.method]))
      return { ...entry, allow: [...methods, 'OPTIONS'] }
    })
    .sort((a, b) => Number(a.pattern.includes(':')) - Number(b.pattern.includes(':')))
}

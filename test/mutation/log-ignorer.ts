import { declareValuePlugin, PluginKind } from '@stryker-mutator/api/plugin'

/** The part of a Babel node path the ignorer reads. */
interface NodePathLike {
  node: { type: string; callee?: unknown; body?: unknown; expression?: unknown }
}

type Node = { type?: string; object?: { type?: string; name?: string }; callee?: Node; expression?: Node } | undefined

/** Whether a node is a call of a `console` method, such as `console.log(...)`. */
function isConsoleCall(node: Node): boolean {
  const callee = node?.type === 'CallExpression' ? node.callee : undefined
  return callee?.type === 'MemberExpression' && callee.object?.type === 'Identifier' && callee.object.name === 'console'
}

/** Why a mutant in log text is not tested: what a server prints to its own console is no part of its interface. */
export const logTextReason =
  'Log text: what a server prints to its own console reaches no client of the interface (docs/mutation.md).'

/**
 * Leaves out of the mutation run a server's console output: a `console.*` call, a statement that is one, and an
 * arrow function whose whole body is one (the `listening on` callback).
 * @example ignorer.shouldIgnore(path) // the reason, for `console.log(...)`
 */
export const logTextIgnorer = {
  shouldIgnore(path: NodePathLike): string | undefined {
    const { node } = path
    if (isConsoleCall(node as Node)) return logTextReason
    if (node.type === 'ExpressionStatement' && isConsoleCall(node.expression as Node)) return logTextReason
    if (node.type === 'ArrowFunctionExpression' && isConsoleCall(node.body as Node)) return logTextReason
    return undefined
  },
}

/** The plugins Stryker loads from this file: the ignorer named `log-text`. */
export const strykerPlugins = [declareValuePlugin(PluginKind.Ignore, 'log-text', logTextIgnorer)]

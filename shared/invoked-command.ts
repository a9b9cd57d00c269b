/**
 * The command a user typed to run one of the package's bins, for its help and error texts: `npx NAME` when npx (or
 * `npm exec`) started it, which says so in `npm_command`, else `NAME` (a package.json script, the bin's own path, a
 * global install).
 * @example invokedCommand('petstore-mock', process.env) // 'npx petstore-mock' under npx
 */
export function invokedCommand(name: string, env: Record<string, string | undefined>): string {
  return env.npm_command === 'exec' ? `npx ${name}` : name
}

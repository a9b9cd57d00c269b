/**
 * An environment without npm's per-script variables (`npm_*`): a command run from inside `npm test` then
 * behaves as its user would see it, not pointed at this repository's package and config.
 * @example spawn('npm', ['install'], { cwd, env: withoutNpmVariables(process.env) })
 */
export function withoutNpmVariables(env: NodeJS.ProcessEnv): Record<string, string> {
  return Object.fromEntries(
    Object.entries(env).filter(
      (entry): entry is [string, string] => entry[1] !== undefined && !/^npm_/i.test(entry[0]),
    ),
  )
}

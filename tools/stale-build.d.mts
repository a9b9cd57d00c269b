/** Why the bundle `output` must be built again, or undefined when it is up to date (see stale-build.mjs). */
export function staleBuildReason(root: string, output: string): string | undefined

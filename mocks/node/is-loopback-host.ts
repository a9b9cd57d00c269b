import { isIP } from 'node:net'

/**
 * Whether a listen address only accepts connections from this machine: `localhost`, 127.0.0.0/8, `::1`.
 * `0.0.0.0`, `::` and every other address are reachable from elsewhere.
 * @example isLoopbackHost('127.0.0.1') // true
 */
export function isLoopbackHost(host: string): boolean {
  const bare = host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host
  if (bare.toLowerCase() === 'localhost') return true
  if (isIP(bare) === 4) return bare.startsWith('127.')
  if (isIP(bare) === 6) return bare === '::1' || bare.toLowerCase().startsWith('::ffff:127.')
  return false
}

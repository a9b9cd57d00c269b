import type { RunConfig } from './resolve-run-config.ts'
import type { TargetSpec } from './target-spec.ts'

/**
 * The target a run names, as far as it is known before anything starts: the standalone mock's
 * address (`--target local`) is known only once it listens.
 * @example plannedTarget(config)?.baseUrl // 'https://staging.example.com/v1'
 */
export function plannedTarget(config: RunConfig): TargetSpec | undefined {
  if (config.target === 'mock')
    return {
      name: 'mock (in-process)',
      kind: 'in-process',
      baseUrl: 'http://petstore.mock/v1',
      messagesBaseUrl: 'http://petstore.mock',
    }
  if (config.target === 'local' || config.baseUrl === undefined || config.messagesBaseUrl === undefined)
    return undefined
  return {
    // A title that names the deployment: its host, rather than the word "url".
    name: config.target === 'url' ? new URL(config.baseUrl).host : config.target,
    kind: 'http',
    baseUrl: config.baseUrl,
    messagesBaseUrl: config.messagesBaseUrl,
  }
}

import { execFile } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import type { RunResult } from '../../contract-tests/shared/run-result.ts'
import { scaledMs } from '../../tools/time-scale.ts'
import { runVariant } from '../variants/run-variant.ts'
import type { ProvingVariant } from './ledger-variants.ts'

const script = fileURLToPath(new URL('./run-ledger-variant.ts', import.meta.url))
const testAuthority = fileURLToPath(new URL('../fixtures/tls/ca.pem', import.meta.url))

/**
 * One proof run of a ledger variant: in this process, or, for a variant whose certificate the test authority signed
 * (`testAuthority`), in a child process that trusts that authority through NODE_EXTRA_CA_CERTS, as a user of a
 * private authority is told to (node reads it only as it starts).
 * @example const result = await runProvingVariant(variant, 1, { only: ['tls_records'] })
 */
export async function runProvingVariant(
  variant: ProvingVariant,
  seed: number,
  options: { only?: ReadonlyArray<string> } = {},
): Promise<RunResult> {
  if (!variant.testAuthority) return runVariant(variant, seed, options)
  const only = (options.only ?? []).flatMap((check) => ['--only', check])
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['--import', 'tsx', script, variant.name, String(seed), ...only],
    {
      env: { ...process.env, NODE_EXTRA_CA_CERTS: testAuthority },
      maxBuffer: 256 * 1024 * 1024,
      timeout: scaledMs(120_000),
    },
  )
  return JSON.parse(stdout.trimEnd().split('\n').at(-1) ?? '') as RunResult
}

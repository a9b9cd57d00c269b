import { expect, it } from 'vitest'
import type { RunResult } from '../../contract-tests/shared/run-result.ts'
import { failuresOf, warningsOf } from '../../contract-tests/shared/scenario-result.ts'
import { scaledMs } from '../../tools/time-scale.ts'
import { overHttp } from './http-variant.ts'
import { proofSeeds } from './proof-seeds.ts'
import { runVariant } from './run-variant.ts'
import { goodMock } from './variant.ts'

/** The scenarios' checks of the freedoms a client has, and the checks on every answer beside them. */
const scenarioChecks = [
  'auth_scheme_forms',
  'lowercase_bearer',
  'request_target_forms',
  'media_type_forms',
  'json_text_forms',
  'request_field_forms',
  'cache_directive_forms',
  'undescribed_needs_key',
]
const freedomChecks = [...scenarioChecks, 'date_header', 'keyed_answer_not_public']

const findings = (result: RunResult, of: typeof failuresOf) =>
  [result.setup, ...result.scenarios].flatMap((scenario) => of(scenario).map(({ result: finding }) => finding))

// Each variant is caught by its check under every proof seed: test/ledger/ledger-variants.test.ts.

it.each([
  ['in process', goodMock],
  ['over HTTP', overHttp],
] as const)(
  'passes the good mock %s on every freedom check, with no finding of theirs',
  async (_where, variant) => {
    const result = await runVariant(variant, proofSeeds[0] as number, { only: [...freedomChecks, 'request freedoms'] })
    const mine = [...findings(result, failuresOf), ...findings(result, warningsOf)].filter((finding) =>
      freedomChecks.includes(finding.check),
    )
    expect(mine).toEqual([])
    expect(result.exitCode).toBe(0)
    const ran = new Set(result.scenarios.filter((scenario) => scenario.outcome === 'passed').map((s) => s.check))
    expect([...ran].sort()).toEqual([...scenarioChecks].sort())
  },
  scaledMs(60_000),
)

import { expect, it, vi } from 'vitest'
import { redact, redactedKey } from '../../contract-tests/reports/redact.ts'
import type { runSecrets as RunSecrets } from '../../contract-tests/run/run-secrets.ts'
import { startPetStoreServer } from '../../mocks/node/start-pet-store-server.ts'
import { scaledMs } from '../../tools/time-scale.ts'
import { useTestSeed } from '../support/test-seed.ts'

// The run itself redacts nothing here, so that its whole result can be compared with the redacted one.
vi.mock('../../contract-tests/run/run-secrets.ts', () => ({ runSecrets: () => ({ secrets: [] }) }))

/** Each string of a value with where it stands, property names included. */
function stringsOf(value: unknown, path = ''): Array<[string, string]> {
  if (typeof value === 'string') return [[path, value]]
  if (Array.isArray(value)) return value.flatMap((item, index) => stringsOf(item, `${path}[${index}]`))
  if (typeof value !== 'object' || value === null) return []
  return Object.entries(value).flatMap(([name, item]) => [
    [`${path}.${name} (name)`, name] as [string, string],
    ...stringsOf(item, `${path}.${name}`),
  ])
}

it.each([
  ['the development key', 'petstore-dev-key'],
  ['a key of 16 characters', 'ak-7Qm2/xR9+vL4='],
])(
  "leaves a normal mock run's report as it was but for %s and the credentials the run derived from it",
  async (_what, key) => {
    const { runContract } = await import('../../contract-tests/run/run-contract.ts')
    const { runSecrets } = await vi.importActual<{ runSecrets: typeof RunSecrets }>(
      '../../contract-tests/run/run-secrets.ts',
    )
    const server = await startPetStoreServer({ apiKeys: [key] })
    const result = await runContract({
      targetName: 'mock',
      baseUrl: server.baseUrl,
      messagesBaseUrl: server.messagesBaseUrl,
      apiKey: key,
      explore: { seed: useTestSeed() },
    }).finally(server.close)
    expect(result.exitCode).toBe(0)
    const secrets = runSecrets(key)
    // What the run sent, exactly as it sent it: the key and each near-copy of it, longest first (a word that a
    // variant adds, `x` or `extra`, is no near-copy even where the key's `=` splits it off as a word of its own,
    // nor is the `x` written right after the key).
    const nearCopies = (secrets.derived ?? []).filter((word) => word.trim().length >= 8)
    // The wire checks send two more: the key percent-encoded as the userinfo of an absolute-form target, and the
    // key with a 0x01 octet before its last character (a field value may not carry it; it is still the key).
    const wireForms = [encodeURIComponent(key), `${key.slice(0, -1)}\u0001${key.slice(-1)}`]
    const sent = [key, ...nearCopies, ...wireForms].sort((a, b) => b.length - a.length)
    const asSent = new RegExp(
      sent.map((credential) => credential.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')).join('|'),
      'g',
    )
    const before = stringsOf(result)
    const after = stringsOf(redact(result, secrets))
    expect(after.length).toBe(before.length)
    const changed = before.flatMap(([where, text], index) => {
      const expected = text.replace(asSent, redactedKey)
      return after[index]?.[1] === expected ? [] : [`${where}: ${text.slice(0, 200)} -> ${after[index]?.[1]}`]
    })
    expect(changed).toEqual([])
    // The key was there to redact: in every authenticated request.
    expect(before.filter(([, text]) => new RegExp(asSent.source).test(text)).length).toBeGreaterThan(100)
  },
  scaledMs(120_000),
)

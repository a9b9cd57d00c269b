import { expect, it } from 'vitest'
import type { CheckResult } from '../shared/exchange.ts'
import { exchangeOf } from './exchange-of.ts'
import { exchangeFixture } from './run-result-fixture.test-support.ts'

const created = (id: number) =>
  exchangeFixture({
    operationId: 'createPet',
    request: { method: 'POST', url: 'http://petstore.test/v1/pets', headers: {} },
    response: { status: 201, headers: {}, bodyText: `{"id":${id}}`, jsonParsed: true, truncated: false, durationMs: 1 },
  })
const assertion = (message: string, received?: string): { result: CheckResult } => ({
  result: { check: 'create_echo', outcome: 'failed', message, received },
})

it('finds the exchange a registry check ran on', () => {
  const exchange = created(1)
  expect(exchangeOf({ result: assertion('x').result, exchange }, { exchanges: [created(2)] })).toBe(exchange)
})

it('finds the exchange an assertion names, and among identical requests the one whose body it quotes', () => {
  const exchanges = [exchangeFixture(), created(1), created(2), created(3)]
  expect(exchangeOf(assertion('not a Pet (POST http://petstore.test/v1/pets)', '{"id":2}'), { exchanges })).toBe(
    exchanges[2],
  )
  expect(exchangeOf(assertion('not a Pet (POST http://petstore.test/v1/pets)', '201'), { exchanges })).toBe(
    exchanges[3],
  )
})

it('finds the exchange an assertion rests on by its place, before the last of several identical requests', () => {
  const exchanges = [created(1), created(2), created(3)]
  const { result } = assertion('a body with a leading zero got 201 (POST http://petstore.test/v1/pets)', '201')
  expect(exchangeOf({ result: { ...result, exchangeIndex: 1 } }, { exchanges })).toBe(exchanges[1])
})

it('falls back to the only exchange of the scenario, and to none when it cannot tell', () => {
  const only = exchangeFixture()
  expect(exchangeOf(assertion('the list is empty'), { exchanges: [only] })).toBe(only)
  expect(exchangeOf(assertion('the list is empty'), { exchanges: [only, created(1)] })).toBeUndefined()
})
